// Sizes of a run. The defaults are the full run (bench/README.md); `BENCH_QUICK=1` or `--quick`
// makes every size small enough for a smoke run under a minute; any BENCH_* variable overrides
// one size in either mode.
const argv = process.argv.slice(2)
const quick = process.env.BENCH_QUICK === '1' || argv.includes('--quick')

function whole(name, full, small) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return quick ? small : full
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`)
  return Number(raw)
}

function list(name, full, small) {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return quick ? small : full
  const values = raw.split(',').map((v) => v.trim())
  if (values.some((v) => !/^\d+$/.test(v) || Number(v) < 1)) throw new Error(`${name} must be a comma-separated list of whole numbers, got "${raw}"`)
  return values.map(Number)
}

export const SECTIONS = ['startup', 'sql', 'rows', 'load', 'browser', 'dataapi', 'backups', 'storage', 'realtime', 'functions']

function sections() {
  const raw = process.env.BENCH_SECTIONS
  if (!raw) return new Set(SECTIONS)
  const chosen = raw.split(',').map((s) => s.trim()).filter(Boolean)
  const unknown = chosen.filter((s) => !SECTIONS.includes(s))
  if (unknown.length) throw new Error(`BENCH_SECTIONS: unknown section(s) ${unknown.join(', ')} (known: ${SECTIONS.join(', ')})`)
  return new Set(chosen)
}

export const settings = {
  quick,
  /** Use .next as it is, even when a source is newer (BENCH_SKIP_BUILD=1 or --no-build). */
  skipBuild: process.env.BENCH_SKIP_BUILD === '1' || argv.includes('--no-build'),
  sections: sections(),
  // §1 start-up: runs of each kind (fresh DATA_DIR, existing DATA_DIR), each beside its baseline.
  startupRuns: whole('BENCH_STARTUP_RUNS', 3, 1),
  // §2 select 1 and the API floor, one project. A server in service is warm: 30 calls left the
  // request path still unoptimised by V8 (p50 about 0.2 ms higher, and unsteady), 300 do not.
  select1Runs: whole('BENCH_SELECT1_RUNS', 1000, 20),
  select1Warmup: whole('BENCH_SELECT1_WARMUP', 300, 5),
  // §3 rows × 3 columns through the SQL endpoint.
  rows: whole('BENCH_ROWS', 1_000_000, 10_000),
  rowsRuns: whole('BENCH_ROWS_RUNS', 3, 2),
  rowsWarmup: whole('BENCH_ROWS_WARMUP', 1, 1),
  // §4 many projects under load, and the platform's memory.
  projects: whole('BENCH_PROJECTS', 20, 3),
  clients: whole('BENCH_CLIENTS', 40, 4),
  seconds: whole('BENCH_SECONDS', 30, 3),
  warmupSeconds: whole('BENCH_WARMUP_SECONDS', 3, 1),
  // Connections per project of the raw driver's pools (the platform's own pool per project holds 3).
  rawPoolSize: whole('BENCH_RAW_POOL', 3, 3),
  // §7 a project's data API (PostgREST behind the platform's URL).
  dataApiRuns: whole('BENCH_DATA_API_RUNS', 500, 30),
  dataApiWarmup: whole('BENCH_DATA_API_WARMUP', 50, 5),
  dataApiColdRuns: whole('BENCH_DATA_API_COLD_RUNS', 10, 3),
  dataApiProjects: whole('BENCH_DATA_API_PROJECTS', 20, 3),
  // §8 backup and restore: the project's database size in MiB (pg_database_size), rounds.
  backupMb: whole('BENCH_BACKUP_MB', 1024, 50),
  backupRuns: whole('BENCH_BACKUP_RUNS', 3, 1),
  // §9 storage: the large object's size in MiB, rounds up and down, small GETs, uploads at once.
  storageMb: whole('BENCH_STORAGE_MB', 100, 8),
  storageRuns: whole('BENCH_STORAGE_RUNS', 3, 1),
  storageSmallRuns: whole('BENCH_STORAGE_SMALL_RUNS', 500, 30),
  storageConcurrent: whole('BENCH_STORAGE_CONCURRENT', 10, 3),
  // §10 realtime: inserts per subscriber count, broadcasts fanned out to 100 clients, idle sockets.
  realtimeChanges: whole('BENCH_REALTIME_CHANGES', 50, 8),
  realtimeFanMessages: whole('BENCH_REALTIME_FAN_MESSAGES', 2000, 100),
  realtimeIdleSockets: whole('BENCH_REALTIME_IDLE_SOCKETS', 1000, 100),
  // §11 edge functions: cold starts, warm invocations (and their warm-up), workers warm at once.
  functionsColdRuns: whole('BENCH_FUNCTIONS_COLD_RUNS', 10, 3),
  functionsRuns: whole('BENCH_FUNCTIONS_RUNS', 1000, 50),
  functionsWarmup: whole('BENCH_FUNCTIONS_WARMUP', 200, 10),
  functionsWorkers: whole('BENCH_FUNCTIONS_WORKERS', 8, 3),
  // §5 and §6 in Chromium.
  streamSizes: list('BENCH_STREAM_SIZES', [10_000, 100_000, 1_000_000], [10_000]),
  streamRuns: whole('BENCH_STREAM_RUNS', 3, 1),
  heapRuns: whole('BENCH_HEAP_RUNS', 5, 1),
}

// §2: the SQL API against a raw `pg` client on the same PostgreSQL, and the same API on an
// embedded (PGlite) project, all measured interleaved in one loop so drift hits every side alike.
import pg from 'pg'
import { apiGet, apiQuery } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { log, median, percentile } from './lib/util.mjs'

export const SELECT_1 = 'select 1'
export const ROWS_100K = 'select g, md5(g::text) from generate_series(1, 100000) g'

async function timed(fn) {
  const t0 = performance.now()
  const out = await fn()
  return { ms: performance.now() - t0, out }
}

/** Runs every target `n` times, rotating which goes first each round; answers ms per target. */
async function interleaved(targets, n, check) {
  const times = Object.fromEntries(targets.map((t) => [t.key, []]))
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < targets.length; j++) {
      const target = targets[(i + j) % targets.length]
      const { ms, out } = await timed(target.run)
      check?.(target.key, out)
      times[target.key].push(ms)
    }
  }
  return times
}

export async function benchSql({ server, embedded, clusterUrl, select1Runs = 300, select1Warmup = 30, bigRuns = 7, bigWarmup = 2 }) {
  // Which database the project lives in on the cluster: ask the project itself.
  const [where] = await apiQuery(server.url, server.token, server.ref, 'select current_database() as db, current_user as role')
  const rawUrl = new URL(clusterUrl)
  rawUrl.pathname = `/${where.db}`
  const raw = new pg.Client({ connectionString: rawUrl.toString() })
  raw.on('error', () => {})
  await raw.connect()
  onCleanup('close raw pg client', () => raw.end().catch(() => {}))
  const [embeddedVersion] = await apiQuery(embedded.url, embedded.token, embedded.ref, 'select version() as v')
  const [serverVersion] = await apiQuery(server.url, server.token, server.ref, 'select version() as v')
  log(`raw pg: database ${where.db} as postgres (superuser); API: same database as role ${where.role}`)

  const targets = (sql) => [
    { key: 'raw', run: async () => (await raw.query(sql)).rows },
    { key: 'apiServer', run: () => apiQuery(server.url, server.token, server.ref, sql) },
    { key: 'apiEmbedded', run: () => apiQuery(embedded.url, embedded.token, embedded.ref, sql) },
  ]
  // Where the API's time goes when there is next to no SQL: the same app answering with no
  // database at all, and with the sign-in check plus the project lookup (what the SQL endpoint
  // does before it runs anything).
  const floorTargets = [
    { key: 'apiNoDb', run: () => apiGet(server.url, '/api/get-utc-time') },
    { key: 'apiAuthLookup', run: () => apiGet(server.url, `/api/platform/projects/${server.ref}`, server.token) },
  ]
  const bigTargets = [...targets(ROWS_100K), { key: 'apiServerIdentity', run: () => apiQuery(server.url, server.token, server.ref, ROWS_100K, { encoding: 'identity' }) }]

  const ROWLESS = new Set(floorTargets.map((t) => t.key))
  const checkRows = (expected) => (key, rows) => {
    if (!ROWLESS.has(key) && (!Array.isArray(rows) || rows.length !== expected)) throw new Error(`${key}: expected ${expected} rows, got ${Array.isArray(rows) ? rows.length : typeof rows}`)
  }

  const s1Targets = [...targets(SELECT_1), ...floorTargets]
  log(`select 1: ${select1Warmup} warm-up + ${select1Runs} measured calls per target, interleaved`)
  await interleaved(s1Targets, select1Warmup, checkRows(1))
  const s1 = await interleaved(s1Targets, select1Runs, checkRows(1))

  log(`100,000 rows: ${bigWarmup} warm-up + ${bigRuns} measured runs per target, interleaved`)
  await interleaved(bigTargets, bigWarmup, checkRows(100_000))
  const big = await interleaved(bigTargets, bigRuns, checkRows(100_000))

  // Where the API time goes for the big result: the server's own execution time (results=all).
  const serverSide = {}
  for (const [key, app] of [['apiServer', server], ['apiEmbedded', embedded]]) {
    const res = await apiQuery(app.url, app.token, app.ref, ROWS_100K, { all: true })
    serverSide[key] = res.durationMs
  }
  const bytes = Buffer.byteLength(JSON.stringify((await raw.query(ROWS_100K)).rows))

  const summary = (times) => ({ p50: median(times), p95: percentile(times, 95), min: Math.min(...times), max: Math.max(...times), n: times.length })
  return {
    rawDatabase: where.db,
    apiRole: where.role,
    versions: { server: serverVersion.v, embedded: embeddedVersion.v },
    select1: Object.fromEntries(Object.entries(s1).map(([k, v]) => [k, summary(v)])),
    rows100k: Object.fromEntries(Object.entries(big).map(([k, v]) => [k, summary(v)])),
    rows100kServerDurationMs: serverSide,
    rows100kJsonBytes: bytes,
  }
}

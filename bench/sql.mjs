// §2: `select 1` through the SQL endpoint against the raw `pg` driver on the same server, with
// the API's own floor (an answer with no SQL; the sign-in check plus the project lookup), all
// measured interleaved call by call so drift hits every side alike.
import pg from 'pg'
import { apiGet, apiQuery } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { engineAdminUrl } from './lib/engine.mjs'
import { log, median, percentile } from './lib/util.mjs'

export const SELECT_1 = 'select 1'

async function timed(fn) {
  const t0 = performance.now()
  const out = await fn()
  return { ms: performance.now() - t0, out }
}

/** Runs every target `n` times, rotating which goes first each round; answers ms per target. */
export async function interleaved(targets, n, check) {
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

export const summary = (times) => ({ p50: median(times), p95: percentile(times, 95), min: Math.min(...times), max: Math.max(...times), n: times.length })

/**
 * A raw `pg.Client` on the project's own database, on the server the app started in its DATA_DIR,
 * connected as that server's superuser. Answers { client, database, role } (role: the one the
 * API runs the project's SQL as).
 */
export async function rawClientFor(app, project) {
  const [where] = await apiQuery(app.url, project.token, project.ref, 'select current_database() as db, current_user as role')
  const client = new pg.Client({ connectionString: engineAdminUrl(app.dataDir, where.db) })
  client.on('error', () => {})
  await client.connect()
  onCleanup(`close raw pg client (${where.db})`, () => client.end().catch(() => {}))
  return { client, database: where.db, role: where.role }
}

export async function benchSql({ app, project, runs, warmup }) {
  const raw = await rawClientFor(app, project)
  const [version] = (await raw.client.query('select version() as v')).rows
  log(`raw pg: database ${raw.database} as postgres (superuser); API: same database as role ${raw.role}`)

  const targets = [
    { key: 'raw', run: async () => (await raw.client.query(SELECT_1)).rows },
    { key: 'api', run: () => apiQuery(app.url, project.token, project.ref, SELECT_1) },
    // Where the API's time goes when there is next to no SQL: the same app answering with no
    // database at all, and with the sign-in check plus the project lookup (what the SQL endpoint
    // does before it runs anything).
    { key: 'apiNoDb', run: () => apiGet(app.url, '/api/get-utc-time') },
    { key: 'apiAuthLookup', run: () => apiGet(app.url, `/api/platform/projects/${project.ref}`, project.token) },
  ]
  const check = (key, rows) => {
    if ((key === 'raw' || key === 'api') && (!Array.isArray(rows) || rows.length !== 1)) throw new Error(`${key}: expected 1 row, got ${JSON.stringify(rows).slice(0, 200)}`)
  }
  log(`select 1: ${warmup} warm-up + ${runs} measured calls per target, interleaved`)
  await interleaved(targets, warmup, check)
  const times = await interleaved(targets, runs, check)
  return {
    rawDatabase: raw.database,
    apiRole: raw.role,
    version: version.v,
    select1: Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)])),
  }
}

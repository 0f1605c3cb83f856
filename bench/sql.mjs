// §2: `select 1` through the SQL endpoint against the raw `pg` driver on the same server, with
// the API's own floor (an answer with no SQL; the sign-in check plus the project lookup) and
// HTTP's (a bare node:http server), all measured interleaved call by call so drift hits every
// side alike.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { apiQuery } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { engineAdminUrl } from './lib/engine.mjs'
import { keepAliveAgent, sendForJson } from './lib/http-client.mjs'
import { cleanEnv, spawnGroup, waitFor200 } from './lib/proc.mjs'
import { freePort, log, median, percentile } from './lib/util.mjs'

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

/**
 * HTTP with no framework and no database: a node:http server in a process of its own that reads
 * the body and answers select 1's JSON. Answers its URL; stopped at clean-up.
 */
async function bareHttpServer() {
  const port = await freePort()
  const serve = `require('http').createServer((q, s) => { q.resume(); q.on('end', () => { s.setHeader('content-type', 'application/json'); s.end('[{"?column?":1}]') }) }).listen(${port}, '127.0.0.1')`
  const proc = spawnGroup(process.execPath, ['-e', serve], { label: 'bare http server (§2)', env: cleanEnv() })
  onCleanup('stop bare http server (§2)', () => proc.stop())
  const url = `http://127.0.0.1:${port}/`
  await waitFor200(url, proc, { intervalMs: 10, timeoutMs: 60_000 })
  return url
}

export async function benchSql({ app, project, runs, warmup }) {
  const raw = await rawClientFor(app, project)
  const [version] = (await raw.client.query('select version() as v')).rows
  log(`raw pg: database ${raw.database} as postgres (superuser); API: same database as role ${raw.role}`)
  const bare = await bareHttpServer()
  const agent = keepAliveAgent()
  onCleanup('close HTTP agent (§2)', async () => agent.destroy())
  const auth = { authorization: `Bearer ${project.token}` }
  const select1 = JSON.stringify({ query: SELECT_1 })

  const targets = [
    { key: 'raw', run: async () => (await raw.client.query(SELECT_1)).rows },
    { key: 'api', run: () => sendForJson(agent, `${app.url}/api/platform/pg-meta/${project.ref}/query`, { method: 'POST', headers: auth, body: select1 }) },
    // As the SQL editor sends every run: named, so that it can be cancelled (recorded in the
    // control plane while it runs).
    { key: 'apiNamed', run: () => sendForJson(agent, `${app.url}/api/platform/pg-meta/${project.ref}/query?query_id=${randomUUID()}`, { method: 'POST', headers: auth, body: select1 }) },
    // Where the API's time goes when there is next to no SQL: the same app answering with no
    // database at all, and with the sign-in check plus the project lookup (what the SQL endpoint
    // does before it runs anything).
    { key: 'apiNoDb', run: () => sendForJson(agent, `${app.url}/api/get-utc-time`) },
    { key: 'apiAuthLookup', run: () => sendForJson(agent, `${app.url}/api/platform/projects/${project.ref}`, { headers: auth }) },
    // HTTP's own share: the same request to a bare server, with this client and with Node's fetch.
    { key: 'bareHttp', run: () => sendForJson(agent, bare, { method: 'POST', headers: auth, body: select1 }) },
    { key: 'bareFetch', run: async () => (await fetch(bare, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: select1 })).json() },
  ]
  const check = (key, rows) => {
    if (['raw', 'api', 'apiNamed', 'bareHttp', 'bareFetch'].includes(key) && (!Array.isArray(rows) || rows.length !== 1))
      throw new Error(`${key}: expected 1 row, got ${JSON.stringify(rows).slice(0, 200)}`)
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

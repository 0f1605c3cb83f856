// §4: many projects under load, and the platform's memory. One user with `projects` projects on
// the app's server; `clients` loops, each sending `select 1` through the SQL endpoint to a random
// project and the next request as soon as the answer arrives, for `seconds`: requests per second
// and p99. Baseline, on the same server in the same run: the same loops through the raw `pg`
// driver (one pool per project's database). Memory: the whole platform (the app's processes and
// every PostgreSQL process under it), sampled from /proc every 0.5 s during the API load, beside
// the same platform just started, before any project existed.
import { keepAliveAgent, send } from './lib/http-client.mjs'
import pg from 'pg'
import { call, signUpWithOrganization } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { engineAdminUrl, treeMemory } from './lib/engine.mjs'
import { log, percentile, sleep } from './lib/util.mjs'

/** One user, one organization and `count` projects, all ACTIVE_HEALTHY. */
async function setUpProjects(base, count) {
  const { token, org } = await signUpWithOrganization(base, 'load')
  const refs = []
  const started = performance.now()
  for (let i = 0; i < count; i++) refs.push((await call(base, 'POST', '/api/platform/projects', { token, body: { name: `load-${i}`, organization_slug: org.slug } })).ref)
  for (;;) {
    const list = await call(base, 'GET', '/api/platform/projects', { token })
    const mine = list.filter((p) => refs.includes(p.ref))
    if (mine.filter((p) => p.status === 'ACTIVE_HEALTHY').length === count) break
    const failed = mine.find((p) => p.status === 'INIT_FAILED')
    if (failed) throw new Error(`project ${failed.ref} failed to provision: ${failed.status_message ?? ''}`)
    await sleep(200)
  }
  return { token, refs, provisionMs: performance.now() - started }
}

/** `select 1` through the SQL endpoint over a keep-alive agent (lighter than fetch on the client side). */
function apiSelect1(agent, base, token) {
  const body = JSON.stringify({ query: 'select 1' })
  return async (ref) => {
    const res = await send(agent, `${base}/api/platform/pg-meta/${ref}/query`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body })
    if (res.status !== 200) throw new Error(`${res.status}: ${res.body.toString().slice(0, 300)}`)
  }
}

/** `clients` loops of `send(ref)` on random projects for `seconds`; memory of `pid`'s tree sampled when given. */
async function load(send, refs, { clients, seconds, memoryOf }) {
  const latencies = []
  let errors = 0
  let firstError = null
  let peak = null
  const sample = () => {
    const m = treeMemory(memoryOf)
    if (!peak || m.rss > peak.rss) peak = m
  }
  const sampler = memoryOf ? setInterval(sample, 500) : null
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const ref = refs[Math.floor(Math.random() * refs.length)]
        const t0 = performance.now()
        try {
          await send(ref)
          latencies.push(performance.now() - t0)
        } catch (error) {
          errors++
          firstError ??= error.message
        }
      }
    })
  )
  if (sampler) {
    clearInterval(sampler)
    sample()
  }
  const elapsedS = (performance.now() - started) / 1000
  return { requests: latencies.length, errors, firstError, perSecond: latencies.length / elapsedS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), peakMemory: peak }
}

export async function benchLoad({ app, idleMemory, projects, clients, seconds, warmupSeconds, rawPoolSize }) {
  const { token, refs, provisionMs } = await setUpProjects(app.url, projects)
  log(`${projects} projects active (${(provisionMs / 1000).toFixed(1)} s to create)`)

  const agent = keepAliveAgent(clients)
  onCleanup('close HTTP agent (load)', async () => agent.destroy())
  const api = apiSelect1(agent, app.url, token)

  // Each project's database, for the raw driver's pools (asked through the API, which also
  // opens every project once, as it would be in use).
  const pools = new Map()
  for (const ref of refs) {
    const res = await call(app.url, 'POST', `/api/platform/pg-meta/${ref}/query`, { token, body: { query: 'select current_database() as db' } })
    const pool = new pg.Pool({ connectionString: engineAdminUrl(app.dataDir, res[0].db), max: rawPoolSize })
    pool.on('error', () => {})
    pools.set(ref, pool)
  }
  const closePools = onCleanup('close raw pg pools (load)', () => Promise.all([...pools.values()].map((p) => p.end().catch(() => {}))))
  const raw = async (ref) => {
    await pools.get(ref).query('select 1')
  }

  const options = { clients, seconds }
  log(`warm-up: ${warmupSeconds} s each, API and raw pg`)
  await load(api, refs, { clients, seconds: warmupSeconds })
  await load(raw, refs, { clients, seconds: warmupSeconds })
  // The raw pools' connections are backends of the same server: closed before the API load, so
  // that its memory is the platform's alone.
  const rawLoad = await load(raw, refs, options)
  log(`raw pg, ${projects} projects × ${clients} clients: ${rawLoad.perSecond.toFixed(0)} req/s, p99 ${rawLoad.p99.toFixed(1)} ms${rawLoad.errors ? `, ${rawLoad.errors} errors (${rawLoad.firstError})` : ''}`)
  await closePools()
  await sleep(500)
  const apiLoad = await load(api, refs, { ...options, memoryOf: app.proc.child.pid })
  log(`API, ${projects} projects × ${clients} clients: ${apiLoad.perSecond.toFixed(0)} req/s, p99 ${apiLoad.p99.toFixed(1)} ms${apiLoad.errors ? `, ${apiLoad.errors} errors (${apiLoad.firstError})` : ''}; peak memory ${(apiLoad.peakMemory.rss / 2 ** 20).toFixed(0)} MiB RSS`)
  return { projects, clients, seconds, rawPoolSize, provisionMs, idleMemory, raw: rawLoad, api: apiLoad }
}

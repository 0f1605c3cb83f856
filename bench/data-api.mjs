// §7: a project's data API, PostgREST behind the platform's URL `{site}/p/{ref}/rest/v1`
// (server/data-api). On an app of its own whose PostgREST processes stop after
// DATA_API_IDLE_SECONDS=3 (so that a stopped one is three seconds away), one user, `projects`
// projects, each with a table `items`:
//   - a one-row select (`GET /rest/v1/items?id=eq.1`, the anon key) through the platform's URL
//     against the same request sent to the project's PostgREST directly, on its Unix socket;
//     with two floors of the platform's own (the app's smallest answer; the gate alone: an
//     invalid key answered 401) that say where the added time goes. Interleaved call by call.
//   - the first request to a project whose PostgREST has stopped (idle stop, waited out between
//     samples) against the same request to the running one, both on a new connection.
//   - memory of each PostgREST (smaps_rollup) with every project's API running, against one
//     running alone; the whole platform with them against none running.
// The platform's own record tells which PostgREST serves which project: its pid in
// DATA_DIR/data-api/<ref>.pid (server/data-api/leftovers.ts), its socket in that process's
// environment (PGRST_SERVER_UNIX_SOCKET), as the platform started it.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { apiQuery, call, signUpWithOrganization } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { processMemory, treeMemory } from './lib/engine.mjs'
import { cleanEnv, makeTempDir, spawnGroup, startApp, waitFor200 } from './lib/proc.mjs'
import { summary as baseSummary } from './sql.mjs'
import { freePort, log, percentile, sleep } from './lib/util.mjs'

/** Seconds without a request before a PostgREST stops, in this bench's app (the default is 300). */
export const IDLE_SECONDS = 3
const ONE_ROW = '/items?id=eq.1'
const summary = (times) => ({ ...baseSummary(times), p99: percentile(times, 99) })

/** Starts the app this section runs on (fresh DATA_DIR, short idle stop). */
export function startDataApiApp() {
  return startApp({ label: 'app (data API)', dataDir: makeTempDir('bench-data-'), env: { DATA_API_IDLE_SECONDS: String(IDLE_SECONDS) } })
}

/** One user, `count` projects, all ACTIVE_HEALTHY, each with `items` (id 1 and 2) and its anon key. */
async function setUpProjects(base, count) {
  const { token, org } = await signUpWithOrganization(base, 'data-api')
  const refs = []
  for (let i = 0; i < count; i++) refs.push((await call(base, 'POST', '/api/platform/projects', { token, body: { name: `data-api-${i}`, organization_slug: org.slug } })).ref)
  for (;;) {
    const mine = (await call(base, 'GET', '/api/platform/projects', { token })).filter((p) => refs.includes(p.ref))
    const failed = mine.find((p) => p.status === 'INIT_FAILED')
    if (failed) throw new Error(`project ${failed.ref} failed to provision: ${failed.status_message ?? ''}`)
    if (mine.filter((p) => p.status === 'ACTIVE_HEALTHY').length === count) break
    await sleep(200)
  }
  const projects = []
  for (const ref of refs) {
    await apiQuery(base, token, ref, "create table items (id bigint primary key, name text not null); insert into items values (1, 'one'), (2, 'two')")
    const settings = await call(base, 'GET', `/api/platform/projects/${ref}/api-settings`, { token })
    if (!settings.data_api.enabled) throw new Error(`project ${ref}: the data API is turned off`)
    projects.push({ ref, anonKey: settings.anon_key, restPath: `/p/${ref}/rest/v1` })
  }
  return { token, projects }
}

/**
 * One GET over `agent` (false: a new connection); resolves { status, body }. Rejects on a
 * network error, never on a status: the caller checks it.
 */
function get(agent, target, pathName, headers) {
  // A port on loopback, or (a string) the Unix socket a project's PostgREST answers on.
  const where = typeof target === 'string' ? { socketPath: target } : { host: '127.0.0.1', port: target }
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, ...where, path: pathName, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

/** A bare Node HTTP server in a process of its own, answering `[]` to every request. */
async function bareServer() {
  const port = await freePort()
  const proc = spawnGroup(process.execPath, ['-e', `require('http').createServer((q, s) => s.end('[]')).listen(${port}, '127.0.0.1')`], { label: 'bare http server', env: cleanEnv() })
  onCleanup('stop bare http server', () => proc.stop())
  await waitFor200(`http://127.0.0.1:${port}/`, proc, { intervalMs: 20, timeoutMs: 30_000 })
  return { port }
}

/** Answers the parsed rows of a 200, else throws with the answer. */
function oneRow(label, { status, body }) {
  if (status !== 200) throw new Error(`${label}: ${status} ${body.slice(0, 300)}`)
  const rows = JSON.parse(body)
  if (!Array.isArray(rows) || rows.length !== 1 || rows[0].id !== 1) throw new Error(`${label}: expected the row with id 1, got ${body.slice(0, 200)}`)
  return rows
}

function expectStatus(label, { status, body }, expected) {
  if (status !== expected) throw new Error(`${label}: expected ${expected}, got ${status} ${body.slice(0, 300)}`)
}

/** The project's PostgREST as the platform recorded it: { pid, socket }, or null when none runs. */
function postgrestOf(dataDir, ref) {
  let pid
  try {
    pid = Number(fs.readFileSync(path.join(dataDir, 'data-api', `${ref}.pid`), 'utf8'))
  } catch {
    return null
  }
  try {
    const env = fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
    const socket = env.find((v) => v.startsWith('PGRST_SERVER_UNIX_SOCKET='))?.slice('PGRST_SERVER_UNIX_SOCKET='.length)
    return socket ? { pid, socket } : null
  } catch {
    return null // the process has ended; the platform removes the file on its exit event
  }
}

/** Waits until the project's PostgREST has stopped (idle stop): the process gone, the platform's record of it too. */
async function waitStopped(dataDir, ref, timeoutMs = (IDLE_SECONDS + 15) * 1000) {
  const file = path.join(dataDir, 'data-api', `${ref}.pid`)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!fs.existsSync(file)) return
    await sleep(50)
  }
  throw new Error(`the PostgREST of ${ref} did not stop within ${timeoutMs / 1000} s of idling`)
}

/**
 * The PostgreSQL backends the data APIs hold (each PostgREST logs in as its project's own
 * `p_<ref>_api`, server/databases/role-names.ts): children of
 * the app's server whose process title names that role. Answers { rss, pss, count }.
 */
function authenticatorBackends(dataDir) {
  const postmaster = Number(fs.readFileSync(path.join(dataDir, 'engine', 'data', 'postmaster.pid'), 'utf8').split('\n')[0])
  const out = { rss: 0, pss: 0, count: 0 }
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== postmaster) continue
      if (!/^postgres: p_[a-z0-9]+_api /.test(fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue
      const m = processMemory(Number(entry))
      out.rss += m.rss
      out.pss += m.pss
      out.count += 1
    } catch {}
  }
  return out
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length

export async function benchDataApi({ app, projects: count, runs, warmup, coldRuns }) {
  const { projects } = await setUpProjects(app.url, count)
  const main = projects[0]
  const appPort = Number(new URL(app.url).port)
  const agents = { api: new http.Agent({ keepAlive: true, maxSockets: 1 }), direct: new http.Agent({ keepAlive: true, maxSockets: 1 }), touch: new http.Agent({ keepAlive: true, maxSockets: 1 }), bare: new http.Agent({ keepAlive: true, maxSockets: 1 }) }
  onCleanup('close data API agents', async () => Object.values(agents).forEach((a) => a.destroy()))
  // As supabase-js sends it: the key as `apikey` and as the bearer token. PostgREST itself reads
  // only the bearer token (the proxy sends the key on as that when there is none).
  const viaPlatform = (project, agent = agents.api) => get(agent, appPort, `${project.restPath}${ONE_ROW}`, { apikey: project.anonKey, authorization: `Bearer ${project.anonKey}` })

  // 1. Warm: through the platform's URL against PostgREST's own port, interleaved call by call.
  oneRow('first request', await viaPlatform(main))
  const running = postgrestOf(app.dataDir, main.ref)
  if (!running) throw new Error(`no PostgREST recorded for ${main.ref} after its first request`)
  log(`PostgREST of ${main.ref}: pid ${running.pid}, ${running.socket}`)
  const bare = await bareServer()
  const forged = main.anonKey.replace(/[^.]{8}$/, 'AAAAAAAA')
  const targets = [
    { key: 'api', run: async () => oneRow('platform URL', await viaPlatform(main)) },
    { key: 'direct', run: async () => oneRow('PostgREST directly', await get(agents.direct, running.socket, ONE_ROW, { authorization: `Bearer ${main.anonKey}` })) },
    // Where the added time goes: the same through /api/p/… (Next's rewrite skipped); a bare Node
    // HTTP server answering `[]` (what any Node proxy costs); the app's smallest answer (Next's
    // API route, no database); the gate alone (project lookup, settings, the key's signature
    // checked) answering 401 to the anon key with its signature changed.
    { key: 'apiNoRewrite', run: async () => oneRow('/api/p/… (no rewrite)', await get(agents.api, appPort, `/api${main.restPath}${ONE_ROW}`, { apikey: main.anonKey, authorization: `Bearer ${main.anonKey}` })) },
    { key: 'floorNode', run: async () => expectStatus('bare node server', await get(agents.bare, bare.port, '/', {}), 200) },
    { key: 'floorApp', run: async () => expectStatus('GET /api/get-utc-time', await get(agents.api, appPort, '/api/get-utc-time', {}), 200) },
    { key: 'floorGate', run: async () => expectStatus('a key with a wrong signature', await get(agents.api, appPort, `${main.restPath}${ONE_ROW}`, { apikey: forged }), 401) },
  ]
  const times = Object.fromEntries(targets.map((t) => [t.key, []]))
  log(`one-row select: ${warmup} warm-up + ${runs} measured calls per target, interleaved`)
  for (let i = 0; i < warmup + runs; i++) {
    for (let j = 0; j < targets.length; j++) {
      const target = targets[(i + j) % targets.length]
      const t0 = performance.now()
      await target.run()
      if (i >= warmup) times[target.key].push(performance.now() - t0)
    }
  }
  const warm = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)]))
  if (postgrestOf(app.dataDir, main.ref)?.pid !== running.pid) throw new Error('the PostgREST restarted during the warm measurement')

  // 2. Cold: the first request after the idle stop, against the same request to the running
  //    PostgREST just before it stopped (after a few unmeasured ones). Both on a new connection,
  //    as a client that idled as long would make. The request right after the cold one is kept
  //    too (details): the fresh process's second answer.
  const cold = []
  const running1 = []
  const afterCold = []
  for (let i = 0; i < coldRuns; i++) {
    for (let k = 0; k < 3; k++) oneRow('warm-up', await viaPlatform(main))
    let t0 = performance.now()
    oneRow('request to the running PostgREST', await viaPlatform(main, false))
    running1.push(performance.now() - t0)
    await waitStopped(app.dataDir, main.ref)
    t0 = performance.now()
    oneRow('first request to a stopped PostgREST', await viaPlatform(main, false))
    cold.push(performance.now() - t0)
    t0 = performance.now()
    oneRow('the request after it', await viaPlatform(main, false))
    afterCold.push(performance.now() - t0)
    log(`  stopped → answered ${cold.at(-1).toFixed(0)} ms (running: ${running1.at(-1).toFixed(1)} ms; the next after it ${afterCold.at(-1).toFixed(1)} ms), ${i + 1}/${coldRuns}`)
  }

  // 3. Memory: none running; one alone; every project's. The ones already started are touched
  //    every 300 ms meanwhile, so that none reaches its idle stop while the others start.
  await waitStopped(app.dataDir, main.ref)
  await sleep(500)
  const noneRunning = treeMemory(app.proc.child.pid)
  const started = []
  let touching = true
  let touchError = null
  const toucher = (async () => {
    try {
      while (touching) {
        for (const p of [...started]) oneRow(`keep ${p.ref} running`, await viaPlatform(p, agents.touch))
        await sleep(300)
      }
    } catch (error) {
      touchError = error
    }
  })()
  const samples = []
  let alone
  try {
    for (const p of projects) {
      oneRow(`start ${p.ref}`, await viaPlatform(p, false))
      started.push(p)
      if (p === main) {
        await sleep(600) // a few touches
        alone = { ...processMemory(postgrestOf(app.dataDir, main.ref).pid), backends: authenticatorBackends(app.dataDir) }
      }
    }
    for (let round = 0; round < 3; round++) {
      await sleep(600)
      if (touchError) throw touchError
      const procs = projects.map((p) => postgrestOf(app.dataDir, p.ref))
      if (procs.some((p) => !p)) throw new Error('a PostgREST stopped while memory was read')
      samples.push({ per: procs.map((p) => processMemory(p.pid)), backends: authenticatorBackends(app.dataDir), tree: treeMemory(app.proc.child.pid) })
    }
  } finally {
    touching = false
    await toucher
  }
  if (touchError) throw touchError
  const last = samples.at(-1)
  const every = {
    pssMean: mean(samples.flatMap((s) => s.per.map((m) => m.pss))),
    rssMean: mean(samples.flatMap((s) => s.per.map((m) => m.rss))),
    pssMax: Math.max(...samples.flatMap((s) => s.per.map((m) => m.pss))),
    backends: last.backends,
    tree: last.tree,
  }
  return { projects: count, runs, coldRuns, idleSeconds: IDLE_SECONDS, warm, cold: summary(cold), running: summary(running1), afterCold: summary(afterCold), memory: { noneRunning, alone, every } }
}

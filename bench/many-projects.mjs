// §6: many embedded projects under load. One app with embedded projects, 20 of them, and 40
// clients each sending `select 1` to a random project through the SQL API as fast as answers
// come. The baseline, measured in the same run on the same app, is the same load over 5 of those
// projects (few enough that no setting ever closes one). A third run restarts the app with the
// old fixed cap of 5 open databases, to show what closing and reopening under load costs.
import { execFileSync } from 'node:child_process'
import { apiQuery, PASSWORD } from './lib/api.mjs'
import { startApp } from './lib/proc.mjs'
import { log, percentile, sleep } from './lib/util.mjs'

async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${(await res.text()).slice(0, 300)}`)
  return res.status === 204 ? undefined : res.json()
}

/** One user, one organization and `count` projects, all ACTIVE_HEALTHY. */
async function setUpProjects(base, count) {
  const session = await call(base, 'POST', '/auth/v1/signup', { body: { email: `bench-many-${Date.now()}@example.com`, password: PASSWORD } })
  const token = session.access_token
  await call(base, 'POST', '/api/platform/profile', { token })
  const org = await call(base, 'POST', '/api/platform/organizations', { token, body: { name: 'Bench many' } })
  const refs = []
  for (let i = 0; i < count; i++) refs.push((await call(base, 'POST', '/api/platform/projects', { token, body: { name: `many-${i}`, organization_slug: org.slug, plan: 'pro' } })).ref)
  for (;;) {
    const list = await call(base, 'GET', '/api/platform/projects', { token })
    if (list.filter((p) => refs.includes(p.ref) && p.status === 'ACTIVE_HEALTHY').length === count) break
    if (list.some((p) => refs.includes(p.ref) && p.status === 'INIT_FAILED')) throw new Error('a project failed to provision')
    await sleep(200)
  }
  return { token, refs, email: session.user.email }
}

/** Resident memory of the app's whole process group (start.mjs → next → PGlite worker threads). */
function groupRss(pid) {
  try {
    const out = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' })
    return out.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) * 1024
  } catch {
    return NaN
  }
}

/** `clients` loops of `select 1` against random projects of `refs` for `seconds`. */
async function load(app, token, refs, { clients, seconds }) {
  const latencies = []
  let errors = 0
  let peakRss = 0
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, groupRss(app.proc.child.pid))), 500)
  const end = performance.now() + seconds * 1000
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const ref = refs[Math.floor(Math.random() * refs.length)]
        const t0 = performance.now()
        try {
          await apiQuery(app.url, token, ref, 'select 1')
          latencies.push(performance.now() - t0)
        } catch {
          errors++
        }
      }
    })
  )
  clearInterval(sampler)
  const elapsedS = (performance.now() - started) / 1000
  return { requests: latencies.length, errors, perSecond: latencies.length / elapsedS, p50: percentile(latencies, 50), p99: percentile(latencies, 99), peakRss }
}

export async function benchManyProjects({ dataDir, projects = 20, fewProjects = 5, clients = 40, seconds = 15 }) {
  let app = await startApp({ label: 'app (many embedded projects)', dataDir })
  const { token, refs, email } = await setUpProjects(app.url, projects)
  log(`${projects} embedded projects active`)
  // Each load starts with its projects' databases open once, as they would be in use; the first
  // opens only its 5, so that its memory is that of 5 open databases.
  const warm = (some) => Promise.all(some.map((ref) => apiQuery(app.url, token, ref, 'select 1')))
  await warm(refs.slice(0, fewProjects))
  const few = await load(app, token, refs.slice(0, fewProjects), { clients, seconds })
  log(`${fewProjects} projects × ${clients} clients: ${few.perSecond.toFixed(0)} req/s, p99 ${few.p99.toFixed(0)} ms`)
  await warm(refs)
  const many = await load(app, token, refs, { clients, seconds })
  log(`${projects} projects × ${clients} clients: ${many.perSecond.toFixed(0)} req/s, p99 ${many.p99.toFixed(0)} ms`)
  await app.stop()

  // The old fixed cap of five open databases, same data, same load.
  app = await startApp({ label: 'app (5 open databases at most)', dataDir, env: { MAX_OPEN_PROJECT_DBS: '5' } })
  const signIn = await call(app.url, 'POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } })
  const capped = await load(app, signIn.access_token, refs, { clients, seconds })
  log(`${projects} projects × ${clients} clients, at most 5 open: ${capped.perSecond.toFixed(0)} req/s, p99 ${capped.p99.toFixed(0)} ms`)
  await app.stop()
  return { projects, fewProjects, clients, seconds, few, many, capped }
}

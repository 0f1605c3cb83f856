// §11: a project's edge functions (server/functions), through the platform's URL as supabase-js
// invokes them, against the same function run by Deno alone on the same machine:
//   - cold start: the first request to a function whose worker is stopped (idle stop, waited out
//     between samples), sent until answered, against `deno run` of the same function spawned and
//     polled until it answers its first request (process start → first answer, both sides);
//   - a warm invocation (`GET /p/{ref}/functions/v1/hello` with the anon key, verify_jwt on) against
//     the same request to the raw Deno server on its own port, interleaved call by call, with two
//     floors that say where the added time goes: a bare Node HTTP server, and the gateway alone
//     (a key with a wrong signature, answered 401 before any worker);
//   - memory of a warm worker (its Deno process, and the sandbox's `unshare` beside it) after the
//     same requests as the raw Deno process, and per worker with several warm at once.
// The app runs with FUNCTIONS_IDLE_SECONDS=2, so that a stopped worker is two seconds away, and
// FUNCTIONS_MAX_WORKERS_PER_PROJECT raised to the workers kept warm at once (one project's).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { call, setUpProject } from './lib/api.mjs'
import { onCleanup } from './lib/cleanup.mjs'
import { processMemory, processTree } from './lib/engine.mjs'
import { cleanEnv, makeTempDir, spawnGroup, startApp, waitFor200 } from './lib/proc.mjs'
import { interleaved, summary as baseSummary } from './sql.mjs'
import { freePort, log, percentile, root, sleep } from './lib/util.mjs'

export const IDLE_SECONDS = 2
const summary = (times) => ({ ...baseSummary(times), p99: percentile(times, 99) })
const ANSWER = '{"message":"Hello bench!"}'
const HANDLER = `(_req: Request) => new Response('${ANSWER}', { headers: { 'content-type': 'application/json' } })`
/** The function as deployed: the platform's worker serves the handler it passes to Deno.serve. */
const DEPLOYED = `Deno.serve(${HANDLER})\n`
/** The same function as Deno runs it alone: the same handler, on a port of its own. */
const RAW = `Deno.serve({ hostname: '127.0.0.1', port: Number(Deno.env.get('PORT')), onListen() {} }, ${HANDLER})\n`

/** `workers` functions of one project are kept warm at once: its share of the pool is raised to them. */
export function startFunctionsApp({ workers }) {
  return startApp({ label: 'app (functions)', dataDir: makeTempDir('bench-data-'), env: { FUNCTIONS_IDLE_SECONDS: String(IDLE_SECONDS), FUNCTIONS_MAX_WORKERS_PER_PROJECT: String(workers) } })
}

function denoBinary() {
  const bin = process.env.DENO_BIN ?? path.join(root, 'node_modules', `@deno/${process.platform}-${process.arch}-glibc`, 'deno')
  if (!fs.existsSync(bin)) throw new Error(`no Deno binary at ${bin}: run npm install, or set DENO_BIN`)
  return bin
}

/** Deploys `slug` as Studio does (multipart: metadata and one file), with the session's token. */
async function deploy(base, token, ref, slug) {
  const form = new FormData()
  form.append('metadata', JSON.stringify({ entrypoint_path: 'index.ts', name: slug }))
  form.append('file', new Blob([DEPLOYED], { type: 'application/typescript' }), 'index.ts')
  const res = await fetch(`${base}/api/v1/projects/${ref}/functions/deploy?slug=${slug}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })
  if (!res.ok) throw new Error(`deploy ${slug} → ${res.status}: ${(await res.text()).slice(0, 500)}`)
}

/** One GET over `agent` (false: a new connection); resolves { status, body }. */
function get(agent, port, pathName, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get({ agent, host: '127.0.0.1', port, path: pathName, headers }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

function expectAnswer(label, { status, body }, expected = 200) {
  if (status !== expected) throw new Error(`${label}: expected ${expected}, got ${status} ${body.slice(0, 300)}`)
  if (expected === 200 && body !== ANSWER) throw new Error(`${label}: unexpected answer ${body.slice(0, 200)}`)
}

/** The app's Deno processes (its workers) and the sandbox wrappers above them: [{ pid, comm }]. */
function workerProcesses(appPid) {
  const out = []
  for (const pid of processTree(appPid)) {
    try {
      const comm = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim()
      if (comm === 'deno' || comm === 'unshare') out.push({ pid, comm })
    } catch {}
  }
  return out
}

async function waitNoWorker(appPid, timeoutMs = (IDLE_SECONDS + 15) * 1000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!workerProcesses(appPid).length) return
    await sleep(50)
  }
  throw new Error(`the function's worker did not stop within ${timeoutMs / 1000} s of idling`)
}

/** A raw Deno server of the same function: spawned, polled until it answers. Answers { port, pid, ms, stop }. */
async function rawDeno(dir, denoDir) {
  const port = await freePort()
  const t0 = performance.now()
  const child = spawn(denoBinary(), ['run', '--no-prompt', '--quiet', '--allow-net', '--allow-env=PORT', path.join(dir, 'raw.ts')], {
    env: { ...cleanEnv(), PORT: String(port), DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (c) => (stderr += c))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    child.kill('SIGKILL')
    await exited
  }
  const forget = onCleanup('stop raw deno', stop)
  const deadline = Date.now() + 30_000
  for (;;) {
    const answer = await get(false, port, '/').catch(() => null)
    if (answer) {
      expectAnswer('raw deno', answer)
      break
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`raw deno did not answer: ${stderr.slice(0, 500)}`)
    await sleep(1)
  }
  const ms = performance.now() - t0
  return {
    port,
    pid: child.pid,
    ms,
    stop: async () => {
      await stop()
      forget()
    },
  }
}

/** A bare Node HTTP server in a process of its own, answering the same bytes. */
async function bareServer() {
  const port = await freePort()
  const serve = `require('http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end(${JSON.stringify(ANSWER)}) }).listen(${port}, '127.0.0.1')`
  const proc = spawnGroup(process.execPath, ['-e', serve], { label: 'bare http server (§11)', env: cleanEnv() })
  onCleanup('stop bare http server (§11)', () => proc.stop())
  await waitFor200(`http://127.0.0.1:${port}/`, proc, { intervalMs: 10, timeoutMs: 30_000 })
  return { port }
}

/** Memory of the app's warm workers: per Deno process, and the wrappers' sum. */
function workersMemory(appPid) {
  const procs = workerProcesses(appPid).map((p) => ({ ...p, ...processMemory(p.pid) }))
  const deno = procs.filter((p) => p.comm === 'deno')
  const wrappers = procs.filter((p) => p.comm !== 'deno')
  const mean = (list, key) => list.reduce((sum, p) => sum + p[key], 0) / Math.max(list.length, 1)
  return { workers: deno.length, rss: mean(deno, 'rss'), pss: mean(deno, 'pss'), wrapperPss: mean(wrappers, 'pss') }
}

export async function benchFunctions({ app, coldRuns, runs, warmup, workers }) {
  const { token, ref } = await setUpProject(app.url, { tag: 'functions' })
  const keys = await call(app.url, 'GET', `/api/platform/projects/${ref}/api-settings?reveal=true`, { token })
  const auth = { authorization: `Bearer ${keys.anon_key}`, apikey: keys.anon_key }
  const forged = `${keys.anon_key.slice(0, -4)}${keys.anon_key.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
  const appPid = app.proc.child.pid
  const port = Number(new URL(app.url).port)
  const url = (slug) => `/p/${ref}/functions/v1/${slug}`
  await deploy(app.url, token, ref, 'hello')

  const dir = makeTempDir('bench-functions-')
  fs.writeFileSync(path.join(dir, 'raw.ts'), RAW)
  const denoDir = path.join(dir, 'deno-cache')
  // One unmeasured run each: Deno compiles the TypeScript into its cache once, on both sides.
  await (await rawDeno(dir, denoDir)).stop()
  expectAnswer('platform', await get(false, port, url('hello'), auth))

  log(`  §11 cold start: ${coldRuns} samples each (the worker's idle stop waited out between them)`)
  const cold = { platform: [], raw: [] }
  for (let i = 0; i < coldRuns; i++) {
    const sides = [
      async () => {
        await waitNoWorker(appPid)
        const t0 = performance.now()
        const answer = await get(false, port, url('hello'), auth)
        cold.platform.push(performance.now() - t0)
        expectAnswer('platform, cold', answer)
      },
      async () => {
        const raw = await rawDeno(dir, denoDir)
        cold.raw.push(raw.ms)
        await raw.stop()
      },
    ]
    for (const side of i % 2 ? sides.reverse() : sides) await side()
  }

  log(`  §11 warm: ${runs} invocations each, interleaved`)
  const raw = await rawDeno(dir, denoDir)
  const bare = await bareServer()
  const agents = Object.fromEntries(['platform', 'raw', 'bare', 'gate'].map((k) => [k, new http.Agent({ keepAlive: true, maxSockets: 1 })]))
  const targets = [
    { key: 'platform', run: async () => expectAnswer('platform', await get(agents.platform, port, url('hello'), auth)) },
    { key: 'raw', run: async () => expectAnswer('raw deno', await get(agents.raw, raw.port, '/', auth)) },
    { key: 'bare', run: async () => expectAnswer('bare node', await get(agents.bare, bare.port, '/', auth)) },
    { key: 'gate', run: async () => expectAnswer('forged key', await get(agents.gate, port, url('hello'), { authorization: `Bearer ${forged}`, apikey: forged }), 401) },
  ]
  await interleaved(targets, warmup)
  const times = await interleaved(targets, runs)
  const warm = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, summary(v)]))

  log(`  §11 memory: one warm worker after ${runs + warmup + 1} requests, then ${workers} warm at once`)
  await sleep(500)
  const one = workersMemory(appPid)
  const rawMemory = processMemory(raw.pid)
  for (const agent of Object.values(agents)) agent.destroy()
  await raw.stop()
  // Every function deployed so far is asked every 0.3 s, so that none reaches its idle stop.
  const slugs = ['hello']
  let failure = null
  const ticker = setInterval(() => {
    for (const slug of slugs) get(false, port, url(slug), auth).then((a) => expectAnswer(slug, a)).catch((error) => (failure ??= error))
  }, 300)
  let many
  try {
    for (let i = 1; i < workers; i++) {
      await deploy(app.url, token, ref, `hello-${i}`)
      slugs.push(`hello-${i}`)
    }
    await sleep(1000)
    many = workersMemory(appPid)
  } finally {
    clearInterval(ticker)
  }
  if (failure) throw failure
  if (many.workers < workers) throw new Error(`expected ${workers} warm workers, found ${many.workers}`)

  return {
    cold: { platform: summary(cold.platform), raw: summary(cold.raw), slowest: { platform: Math.max(...cold.platform), raw: Math.max(...cold.raw) } },
    warm,
    memory: { one, raw: rawMemory, many },
  }
}

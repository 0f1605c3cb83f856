// Starting and stopping the app (scripts/start.mjs) and other child processes. Every child is
// spawned detached (its own process group) so that stopping it also stops what it spawned
// (start.mjs → next start → the PostgreSQL server and its backends), and only that.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { assertNotAborting, onCleanup, trackGroup } from './cleanup.mjs'
import { freePort, root, sleep, within } from './util.mjs'

/** Variables that would change what the app does if inherited from the caller's shell. */
const APP_VARS = ['DATABASE_URL', 'PLATFORM_DATABASE_URL', 'PROJECT_DB_SERVERS', 'API_MOCKING', 'NEXT_PUBLIC_IS_PLATFORM', 'DATA_DIR', 'PORT', 'LISTEN_HOST', 'DASHBOARD_USERNAME', 'DASHBOARD_PASSWORD', 'SKIP_BUILD', 'DISABLED_FEATURES', 'JWT_SECRET', 'EMBEDDED_DB_PORT']

/** How the bench runs `npm start`: the existing build, the engine on a free port, loopback only. */
export function appEnv({ port, dataDir, extra = {} }) {
  return cleanEnv({ PORT: String(port), LISTEN_HOST: '127.0.0.1', DATA_DIR: dataDir, SKIP_BUILD: 'true', NEXT_PUBLIC_IS_PLATFORM: 'true', EMBEDDED_DB_PORT: '0', ...extra })
}

/** Live (not zombie) processes of process group `pgid`, from /proc. */
function groupAlive(pgid) {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(pgrp) === pgid && state !== 'Z') return true
    } catch {}
  }
  return false
}

export function cleanEnv(extra = {}) {
  const env = { ...process.env }
  for (const name of APP_VARS) delete env[name]
  return { ...env, ...extra }
}

/**
 * A temp dir, removed at the end. 0755: run as root, the app runs PostgreSQL as an unprivileged
 * account, which must be able to pass through every directory above its data.
 */
export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  fs.chmodSync(dir, 0o755)
  const remove = () => fs.rmSync(dir, { recursive: true, force: true })
  onCleanup(`remove ${dir}`, async () => remove(), remove)
  return dir
}

/** Spawns a detached child with its output kept (last 200 lines) for error messages. */
export function spawnGroup(command, args, { env, cwd = root, label }) {
  assertNotAborting()
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const untrack = trackGroup(child.pid)
  const lines = []
  /** performance.now() of the first line matching each watched pattern. */
  const firstSeen = new Map()
  const keep = (chunk) => {
    const now = performance.now()
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      lines.push(line)
      for (const [pattern, seen] of firstSeen) if (seen === null && pattern.test(line)) firstSeen.set(pattern, now)
    }
    if (lines.length > 200) lines.splice(0, lines.length - 200)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let exitInfo = null
  exited.then((info) => {
    exitInfo = info
  })
  /**
   * Stops the child as a user would (SIGTERM to it alone: start.mjs passes it on to Next, whose
   * exit has the PostgreSQL server shut down cleanly), then waits for its whole group to end, so
   * that the next start on the same DATA_DIR finds a cleanly stopped server. Whatever is left after
   * `graceMs` is killed.
   */
  async function stop({ graceMs = 30_000 } = {}) {
    if (!exitInfo) {
      try {
        process.kill(child.pid, 'SIGTERM')
      } catch {}
    }
    const deadline = Date.now() + graceMs
    await within(exited, graceMs)
    while (groupAlive(child.pid) && Date.now() < deadline) await sleep(20)
    if (groupAlive(child.pid)) {
      console.error(`${label}: processes still running ${graceMs / 1000} s after SIGTERM; killing them`)
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {}
      await within(exited, 2000)
    }
    untrack()
  }
  const watch = (pattern) => firstSeen.set(pattern, null)
  const seenAt = (pattern) => firstSeen.get(pattern) ?? null
  return { child, label, lines, exited, stop, watch, seenAt, get exitInfo() { return exitInfo } }
}

/** One GET; resolves { status, body } or null when nothing answers (yet). */
export function httpGet(url, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: timeoutMs }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }))
      res.on('error', () => resolve(null))
    })
    req.on('timeout', () => req.destroy())
    req.on('error', () => resolve(null))
  })
}

/** Polls `url` every `intervalMs` until it answers 200; throws when the process exits first. */
export async function waitFor200(url, proc, { timeoutMs = 120_000, intervalMs = 20 } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const res = await httpGet(url, 1000)
    if (res?.status === 200) return res
    if (proc?.exitInfo) throw new Error(`${proc.label} exited (${JSON.stringify(proc.exitInfo)}) before ${url} answered:\n${proc.lines.slice(-30).join('\n')}`)
    await sleep(intervalMs)
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s${proc ? `:\n${proc.lines.slice(-30).join('\n')}` : ''}`)
}

/**
 * Starts the production app with `node scripts/start.mjs` (SKIP_BUILD=true) on a free port and
 * waits for its first API answer. Answers { url, port, dataDir, proc, stop }.
 */
export async function startApp({ label, dataDir, env = {} }) {
  const port = await freePort()
  const proc = spawnGroup(process.execPath, ['scripts/start.mjs'], { label, env: appEnv({ port, dataDir, extra: env }) })
  const stop = onCleanup(`stop ${label}`, () => proc.stop())
  const url = `http://127.0.0.1:${port}`
  // Every API route waits for the platform (its server started, migrations applied).
  await waitFor200(`${url}/api/get-utc-time`, proc, { intervalMs: 100 })
  return { url, port, dataDir, proc, stop }
}

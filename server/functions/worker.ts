/**
 * One Deno process serving one version of one function (with one environment), inside the
 * sandbox (sandbox.ts). It starts on its first request and answers over its Unix socket; the
 * platform streams each request to it and its answer back. While requests are in flight it is
 * watched: its CPU time (shared out among the requests in flight) and its memory, read from
 * /proc, past the limits stop it (546, Supabase's WORKER_LIMIT); a request past its wall clock
 * ends with 504 alone. A worker that exits answers what it still had with 502, and the pool
 * starts a new one for the next request.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { BOOT_EXIT, BOOTSTRAP_SOURCE, READY_PREFIX } from './bootstrap'
import { LineSplitter } from './lines'
import { INSIDE, workerCommand, type SandboxMode } from './sandbox'
import type { FunctionsConfig } from './config'

export type WorkerSpec = {
  /** ref/slug/version/environment: a worker serves exactly one. */
  key: string
  ref: string
  slug: string
  version: number
  projectId: number
  codeDir: string
  cacheDir: string
  /** The run folder of this worker (its socket, the sandbox's root mount point). */
  runDir: string
  entrypoint: string
  importMap: string | null
  env: Record<string, string>
  mode: SandboxMode
  denoBin: string
  limits: FunctionsConfig
}

export type WorkerLine = { level: 'info' | 'error'; text: string }

/** Why a worker answered a request itself: a limit, its exit, its start. */
export class WorkerFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string
  ) {
    super(message)
  }
}

/** The output of a worker that did not start: Deno's own error, what a refused deploy says. */
export class BootFailure extends Error {
  constructor(readonly output: string) {
    super(output)
  }
}

const TICK_MS = 50
/** How long a worker may take to start (its first start fetches its `npm:` and remote imports). */
export const START_TIMEOUT_MS = 90_000
/** A start may use this many times FUNCTIONS_CPU_MS (its modules are compiled then). */
const BOOT_CPU_FACTOR = 5
/** The share of a core a worker's work with no request in flight may use for long. */
const BACKGROUND_CPU_SHARE = 0.1
const SYSTEM_PATH = '/usr/sbin:/usr/bin:/sbin:/bin'
const MAX_LINE = 8 * 1024
const BOOT_OUTPUT_KEPT = 16 * 1024
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'])

type InFlight = { cpuMs: number; fail: (failure: WorkerFailure) => void }

export class FunctionWorker {
  readonly ready: Promise<void>
  lastUsed = Date.now()
  private child: ChildProcess | null = null
  private denoPid: number | null = null
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
  private readonly inFlight = new Set<InFlight>()
  private watch: NodeJS.Timeout | null = null
  private lastCpuTicks = 0
  private lastTick = Date.now()
  private booted = false
  private bootCpuMs = 0
  /** CPU time it may still use with no request in flight (refilled at BACKGROUND_CPU_SHARE of a core). */
  private backgroundCpuMs: number
  private stopping: WorkerFailure | null = null
  private exited = false
  private readonly exitedPromise: Promise<void>
  private resolveExited!: () => void
  private bootOutput = ''
  private waiting = 0

  constructor(
    readonly spec: WorkerSpec,
    private readonly onLine: (line: WorkerLine) => void,
    private readonly onExit: (worker: FunctionWorker) => void
  ) {
    this.exitedPromise = new Promise((resolve) => (this.resolveExited = resolve))
    this.backgroundCpuMs = spec.limits.cpuMs
    this.ready = this.start()
    this.ready.catch(() => undefined)
  }

  /** Requests it holds: in flight, or waiting for it to start. */
  get busy(): number {
    return this.inFlight.size + this.waiting
  }

  get alive(): boolean {
    return !this.exited && !this.stopping
  }

  /** Its process has ended (a worker stopping still runs what it had until then). */
  get exitedAlready(): boolean {
    return this.exited
  }

  /** Why it was stopped (a limit, a pause …), or null: it ended on its own or runs still. */
  get stoppedFor(): WorkerFailure | null {
    return this.stopping
  }

  private get socketPath() {
    return path.join(this.spec.runDir, 'sock', 'worker.sock')
  }

  private async start(): Promise<void> {
    const { spec } = this
    const sockDir = path.join(spec.runDir, 'sock')
    const rootDir = path.join(spec.runDir, 'root')
    fs.mkdirSync(sockDir, { recursive: true })
    fs.mkdirSync(rootDir, { recursive: true })
    fs.mkdirSync(spec.cacheDir, { recursive: true })
    fs.writeFileSync(path.join(sockDir, 'boot.mjs'), BOOTSTRAP_SOURCE)
    const uid = spec.mode === 'root' ? spec.limits.uidBase + spec.projectId : null
    if (uid !== null) {
      fs.chownSync(sockDir, uid, uid)
      fs.chownSync(spec.cacheDir, uid, uid)
    }
    const nonce = randomBytes(12).toString('hex')
    const inside = spec.mode === 'off' ? { code: spec.codeDir, socket: this.socketPath, boot: path.join(sockDir, 'boot.mjs'), cache: spec.cacheDir, tmp: path.join(spec.runDir, 'tmp') } : { code: INSIDE.code, socket: INSIDE.socket, boot: '/run/boot.mjs', cache: INSIDE.cache, tmp: INSIDE.tmp }
    const denoArgs = [
      'run',
      '--no-prompt',
      '--no-lock',
      '--quiet',
      '--allow-net',
      '--allow-env',
      '--allow-sys',
      '--allow-import',
      `--allow-read`,
      `--allow-write=${inside.tmp},${path.dirname(inside.socket)}`,
      `--v8-flags=--max-old-space-size=${spec.limits.memoryMb}`,
      ...(spec.importMap ? [`--import-map=${path.posix.join(inside.code, spec.importMap)}`] : []),
      inside.boot,
      `file://${path.posix.join(inside.code, spec.entrypoint)}`,
      inside.socket,
      nonce,
    ]
    const caFile = fs.existsSync(spec.limits.caFile) ? spec.limits.caFile : null
    const tls: Record<string, string> = caFile ? { DENO_TLS_CA_STORE: 'mozilla,system', SSL_CERT_FILE: spec.mode === 'off' ? caFile : INSIDE.caFile } : {}
    // The processes before Deno (setpriv, unshare, sh, mount) run as root on the host's files
    // until the sandbox is made: their environment is the platform's own settings alone. The
    // function's variables (its secrets among them: LD_PRELOAD would load a library into those
    // processes) reach Deno alone, on its stdin, and the bootstrap sets them before it imports
    // the function.
    const env: Record<string, string> = { PATH: SYSTEM_PATH, ...tls, DENO_DIR: inside.cache, HOME: inside.tmp, TMPDIR: inside.tmp, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...(spec.limits.npmRegistry ? { NPM_CONFIG_REGISTRY: spec.limits.npmRegistry } : {}) }
    const { command, args } = workerCommand(spec.mode, { denoDir: path.dirname(spec.denoBin), codeDir: spec.codeDir, rootDir, socketDir: sockDir, cacheDir: spec.cacheDir, caFile }, uid, spec.denoBin, denoArgs)
    if (spec.mode === 'off') fs.mkdirSync(inside.tmp, { recursive: true })
    let ready!: () => void
    let failed!: (error: Error) => void
    const readyPromise = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)))
    const child = spawn(command, args, { env: env as NodeJS.ProcessEnv, cwd: spec.mode === 'off' ? spec.codeDir : '/', stdio: ['pipe', 'pipe', 'pipe'] })
    this.child = child
    this.watch = setInterval(() => this.check(), TICK_MS)
    this.watch.unref()
    // A start that never ends (a top-level await that never settles) holds a slot no longer than this.
    const startLimit = setTimeout(() => void this.stop(new WorkerFailure(503, `The function did not start within ${START_TIMEOUT_MS / 1000} s: it never called Deno.serve, or its imports took too long.`, 'BOOT_TIMEOUT')), START_TIMEOUT_MS)
    startLimit.unref()
    readyPromise.then(
      () => clearTimeout(startLimit),
      () => clearTimeout(startLimit)
    )
    child.stdin?.on('error', () => undefined) // a worker that died at once: its exit says why
    child.stdin?.end(JSON.stringify(spec.env))
    let isReady = false
    const readLines = (stream: NodeJS.ReadableStream, level: WorkerLine['level']) => {
      const lines = new LineSplitter(MAX_LINE, (line, cut) => {
        if (!isReady && line === READY_PREFIX + nonce) {
          isReady = true
          return ready()
        }
        if (!isReady && this.bootOutput.length < BOOT_OUTPUT_KEPT) this.bootOutput += `${line}\n`
        this.onLine({ level, text: cut ? `${line}…` : line })
      })
      stream.on('data', (chunk: Buffer) => lines.write(chunk))
      stream.once('end', () => lines.end())
    }
    if (child.stdout) readLines(child.stdout, 'info')
    if (child.stderr) readLines(child.stderr, 'error')
    const ended = (code: number | null, signal: NodeJS.Signals | null, startError?: Error) => {
      if (this.exited) return
      this.exited = true
      clearTimeout(startLimit)
      if (this.watch) clearInterval(this.watch)
      const failure =
        this.stopping ??
        new WorkerFailure(502, `The function's worker stopped (${signal ? `signal ${signal}` : `exit code ${code}`}) before it answered: its logs say why. The next request starts a new one.`, 'WORKER_ERROR')
      for (const request of [...this.inFlight]) request.fail(failure)
      this.agent.destroy()
      fs.rm(spec.runDir, { recursive: true, force: true }, () => undefined)
      // Stopped on purpose before it listened (a pause, the pool making room): that is the answer, not a boot error.
      if (!isReady) failed(this.stopping ?? new BootFailure(startError ? `The function's worker could not start: ${startError.message}` : bootMessage(code, this.bootOutput)))
      this.resolveExited()
      this.onExit(this)
    }
    // A process that could not be made at all (EAGAIN, EMFILE …) emits no exit: it ends here.
    child.once('error', (error) => {
      if (child.pid === undefined) ended(null, null, error)
    })
    child.once('exit', (code, signal) => ended(code, signal))
    await readyPromise
    this.booted = true
  }

  /** Streams the request to the function and its answer back; `target` is the path the function sees. */
  async serve(req: IncomingMessage, res: ServerResponse, target: string): Promise<void> {
    this.lastUsed = Date.now()
    const { limits } = this.spec
    // The wall clock runs from the request's arrival, its wait for the worker to start included.
    const deadline = Date.now() + limits.wallSeconds * 1000
    const late = () => new WorkerFailure(504, `The function did not answer within ${limits.wallSeconds} s, its wall clock limit.`, 'WALL_CLOCK')
    this.waiting++
    let outcome: 'ready' | 'gone' | 'late'
    try {
      // Started already (every warm call): no race to set up.
      outcome = this.booted ? 'ready' : await startedOrNot(this.ready, res, deadline)
    } finally {
      this.waiting--
    }
    // The caller left while it started: nothing to answer, and the worker holds nothing for it.
    if (outcome === 'gone') return
    if (outcome === 'late') throw late()
    if (!this.alive) throw new WorkerFailure(503, 'The function was being restarted: try again.', 'WORKER_RESTARTING')
    await new Promise<void>((resolve) => {
      let done = false
      const finish = () => {
        if (done) return
        done = true
        this.inFlight.delete(request)
        clearTimeout(wall)
        this.lastUsed = Date.now()
        resolve()
      }
      const answerFailure = (failure: WorkerFailure) => {
        upstream.destroy()
        if (!res.headersSent) {
          res.writeHead(failure.status, { 'Content-Type': 'application/json' })
          res.end(JSON.stringify({ code: failure.code, message: failure.message }))
        } else res.destroy()
        finish()
      }
      const request: InFlight = { cpuMs: 0, fail: answerFailure }
      const headers: Record<string, string | string[]> = {}
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value
      const upstream = http.request({ socketPath: this.socketPath, agent: this.agent, method: req.method, path: target, headers })
      const wall = setTimeout(() => answerFailure(late()), Math.max(0, deadline - Date.now()))
      this.inFlight.add(request)
      let sent = 0
      req.on('data', (chunk: Buffer) => {
        sent += chunk.length
        if (sent > limits.maxRequestBytes) {
          req.removeAllListeners('data')
          answerFailure(new WorkerFailure(413, `The request body is larger than ${limits.maxRequestBytes} bytes, the most a function takes.`, 'REQUEST_TOO_LARGE'))
          req.resume()
          return
        }
        if (!upstream.write(chunk)) {
          req.pause()
          upstream.once('drain', () => req.resume())
        }
      })
      req.once('end', () => upstream.end())
      req.once('aborted', () => answerFailure(new WorkerFailure(499, 'The client went away.', 'CLIENT_GONE')))
      res.once('close', () => {
        if (!res.writableFinished) upstream.destroy()
        finish()
      })
      upstream.once('error', () => {
        if (!done && !this.exited && !this.stopping) answerFailure(new WorkerFailure(502, "The function's worker closed the connection before it answered: its logs say why.", 'WORKER_ERROR'))
      })
      upstream.once('response', (answer) => {
        const out: Record<string, string | string[]> = {}
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        let received = 0
        answer.on('data', (chunk: Buffer) => {
          received += chunk.length
          if (received > limits.maxResponseBytes) {
            answer.destroy()
            res.destroy()
            finish()
            return
          }
          if (!res.write(chunk)) {
            answer.pause()
            res.once('drain', () => answer.resume())
          }
        })
        answer.once('end', () => {
          res.end()
          finish()
        })
        answer.once('error', () => {
          res.destroy()
          finish()
        })
      })
    })
  }

  /**
   * Every tick of its life, from its start: its CPU time and memory against the limits. CPU used
   * while requests are in flight is shared out among them (each may use FUNCTIONS_CPU_MS); CPU
   * used with none in flight (timers, work left running after an answer) comes out of a budget of
   * FUNCTIONS_CPU_MS refilled at a tenth of a core; its start may use BOOT_CPU_FACTOR times the
   * limit (its imports are compiled then). Memory is watched all the while, idle or not.
   */
  private check() {
    if (!this.child?.pid || this.exited) return
    if (!this.denoPid) {
      this.denoPid = childPid(this.child.pid, this.spec.mode)
      if (this.denoPid) this.lastCpuTicks = cpuTicks(this.denoPid)
      return
    }
    const ticks = cpuTicks(this.denoPid)
    const usedMs = ((ticks - this.lastCpuTicks) * 1000) / CLOCK_TICKS
    this.lastCpuTicks = ticks
    const now = Date.now()
    const { cpuMs, memoryMb } = this.spec.limits
    this.backgroundCpuMs = Math.min(cpuMs, this.backgroundCpuMs + (now - this.lastTick) * BACKGROUND_CPU_SHARE)
    this.lastTick = now
    const limit = (why: string) => this.stop(new WorkerFailure(546, `${why}: the worker was stopped. The next request starts a new one.`, 'WORKER_LIMIT'))
    if (!this.booted) {
      this.bootCpuMs += usedMs
      if (this.bootCpuMs > cpuMs * BOOT_CPU_FACTOR) return limit(`The function used more than ${cpuMs * BOOT_CPU_FACTOR} ms of CPU time while it started, its limit`)
    } else if (this.inFlight.size > 0) {
      const share = usedMs / this.inFlight.size
      for (const request of this.inFlight) request.cpuMs += share
      if ([...this.inFlight].some((request) => request.cpuMs > cpuMs)) return limit(`The function used more than ${cpuMs} ms of CPU time for one request, its limit`)
    } else {
      this.backgroundCpuMs -= usedMs
      if (this.backgroundCpuMs < 0) return limit(`The function kept using CPU with no request in flight (more than ${cpuMs} ms at once, or a tenth of a core for long)`)
    }
    if (rssBytes(this.denoPid) > memoryMb * 1024 * 1024 * 1.5) limit(`The function's worker used more than its ${memoryMb} MB of memory`)
  }

  /** Ends the worker; requests still in flight answer `failure`. Resolves once the process is gone. */
  stop(failure = new WorkerFailure(503, 'The function was stopped: try again.', 'WORKER_STOPPED')): Promise<void> {
    if (!this.exited) {
      this.stopping ??= failure
      this.child?.kill('SIGKILL')
    }
    return this.exitedPromise
  }

  /** Stops once the requests in flight are answered (a newer version serves the next ones). */
  retire(): void {
    if (this.busy === 0) void this.stop()
    else {
      const check = setInterval(() => {
        if (this.busy > 0 && !this.exited) return
        clearInterval(check)
        void this.stop()
      }, 100)
      check.unref()
    }
  }
}

const CLOCK_TICKS = 100

function bootMessage(code: number | null, output: string): string {
  const text = output.trim()
  if (code === BOOT_EXIT.noHandler || code === BOOT_EXIT.loadFailed) return text
  return text ? text : `The function's worker stopped (exit code ${code}) before it listened.`
}

/** Deno's pid: with namespaces it is unshare's forked child (sh and setpriv exec it). */
function childPid(pid: number, mode: SandboxMode): number | null {
  if (mode === 'off') return pid
  try {
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)
    return children.length ? Number(children[0]) : null
  } catch {
    return null
  }
}

function cpuTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return Number(fields[11]) + Number(fields[12])
  } catch {
    return 0
  }
}

function rssBytes(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match ? Number(match[1]) * 1024 : 0
  } catch {
    return 0
  }
}

/** Whether the worker started before the caller left or its wall clock ran out. */
function startedOrNot(ready: Promise<void>, res: ServerResponse, deadline: number): Promise<'ready' | 'gone' | 'late'> {
  let timer: NodeJS.Timeout | undefined
  let onClose: (() => void) | undefined
  return new Promise<'ready' | 'gone' | 'late'>((resolve, reject) => {
    ready.then(() => resolve('ready'), reject)
    timer = setTimeout(() => resolve('late'), Math.max(0, deadline - Date.now()))
    onClose = () => resolve('gone')
    res.once('close', onClose)
  }).finally(() => {
    clearTimeout(timer)
    if (onClose) res.off('close', onClose)
  })
}

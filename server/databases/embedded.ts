/**
 * Embedded project databases: one PGlite per project, each in its own worker thread
 * (workers/pglite-worker.mjs), data dir `${dataDir}/projects/<ref>`.
 *
 * - One request in flight per project (a per-project queue), so a timeout measures execution
 *   rather than waiting, and terminating the worker never kills someone else's query.
 * - Timeout = terminate the worker (PGlite cannot cancel); the next request reopens the data dir.
 * - A user's cancel: a run still queued is dropped from the queue (answers at once, never runs);
 *   the running one ends the worker like a timeout. Only the run at the head of the queue ever
 *   terminates the worker, so a cancel never kills another run.
 * - At most `maxOpen` workers are open (sized from the machine's memory by default); the least
 *   recently used idle one is closed when another opens. Reopening costs ~0.2–0.5 s.
 * - A new project's data dir is a copy of a template made once per DATA_DIR (a fresh initdb takes
 *   seconds and leaves a worker holding ~800 MB); the worker secures every dir it opens.
 *
 * State lives in the instance: the platform (one per process) holds the one instance, and two
 * PGlite instances on one data dir would corrupt it.
 */
import { existsSync } from 'node:fs'
import { cp, mkdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Socket } from 'node:net'
import { cancelledByUser, DatabaseNotServingError, DatabaseUnavailableError, SqlError, type RunControl, type RunOptions, type RunOutcome, type WireSessionOptions } from './types'
import { GRANT_READ, READONLY_HINT, READONLY_SETUP, readOnlyBatch, rebuildResult, streamResult } from './embedded-readonly'
import { EMPTY_ALL_TABLES } from './embedded-branch'
import { directorySizeBytes } from './directory-size'
import { fatalError } from './wire/backend-messages'
import { MessageFramer } from './wire/frames'
import { PLATFORM_CREDENTIAL } from './wire/listener'

const CLOSE_GRACE_MS = 10_000
/** Bump when what a template holds changes: older templates are then made again. */
const TEMPLATE_NAME = '.template-v1'

type WorkerReply = {
  id: number
  ok: boolean
  json?: ArrayBuffer
  durationMs?: number
  rowCount?: number | null
  fatal?: boolean
  error?: { message: string; code?: string; position?: number; detail?: string; hint?: string }
}

/** A running worker with its PGlite open (or opening). */
type Handle = {
  worker: Worker
  ready: Promise<void>
  pending: Map<number, (reply: WorkerReply) => void>
  /** Where the lines of a streamed run in progress go, by request id. */
  streams: Map<number, (chunk: Uint8Array) => void>
  /** Bytes of a streamed answer sent by the worker and not yet taken by the reader (shared with it). */
  inFlight: Int32Array
  /** Resolves once the thread has exited, however it ended. */
  exited: Promise<void>
  alive: boolean
  /** Wire-protocol clients this worker serves (see openWire), by connection id. */
  wires: Map<number, WireSession>
}

/**
 * A client of the wire listener, and the password it authenticated with (its credential).
 * `flow` is shared with the worker: [0] bytes of its answer not yet handed to the client's
 * socket's kernel buffer (the worker waits while there are too many), [1] 1 once the session
 * ended (the worker stops waiting).
 */
type WireSession = { socket: Socket; credential: string; flow: Int32Array; events: WireSessionEvents }

/** What the worker tells the main side about one session's work. */
type WireSessionEvents = { output(chunk: Uint8Array): void; busy(): void; done(bytes: number): void }

/** The client's socket is paused while this much of its input waits in the worker. */
const MAX_WIRE_INPUT_IN_FLIGHT = 1024 * 1024

/** One data dir. The slot outlives its workers: they come and go, the queue stays. */
type Slot = {
  dir: string
  handle: Handle | null
  /** A worker on this dir still shutting down: never open a second PGlite on a dir before it ends. */
  closing: Promise<void> | null
  /** A close is queued by the LRU: don't count this slot as open. */
  evicting: boolean
  /** Tail of the per-project queue. */
  tail: Promise<unknown>
  /** Jobs queued or running. */
  queued: number
  lastUsed: number
}

/** Refs become directory names: allow nothing that could leave `projects/`. */
function assertRef(ref: string) {
  if (!/^[a-z0-9][a-z0-9_-]{0,62}$/i.test(ref)) throw new Error(`invalid project ref: ${ref}`)
}

function projectDir(dataDir: string, ref: string): string {
  assertRef(ref)
  return path.resolve(dataDir, 'projects', ref)
}

export type EmbeddedDatabases = {
  /** With `schemaFrom` (a preview branch): a copy of that project's database, every table emptied. */
  provision(ref: string, options?: { schemaFrom?: string }): Promise<void>
  /** `control`: a named run's cancel (see RunControl). */
  run(ref: string, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome>
  /** The reader role in place, with SELECT on every table of the project (see embedded-readonly.ts). */
  prepareReader(ref: string): Promise<void>
  /** Pause: close the instance and refuse every request until resumed. */
  suspend(ref: string): Promise<void>
  resume(ref: string): void
  /** Close the instance (a stuck or bloated one starts afresh at the next request). */
  restart(ref: string): Promise<void>
  /** Close the instance and remove its data dir for good. */
  drop(ref: string): Promise<void>
  /** The data dir's bytes on disk. */
  sizeBytes(ref: string): Promise<number>
  /**
   * Serves an authenticated wire-protocol client (server/databases/wire/listener.ts) from the
   * project's worker: `startup` first, then the socket's bytes. Refused (DatabaseNotServingError)
   * while the project is paused or removed. The project counts as busy for the LRU while a client
   * is connected; anything that ends the worker (pause, restart, drop, a timeout or cancel) ends
   * its clients' connections. Answers false (nothing opened) when the password changed since the
   * client authenticated.
   */
  openWire(ref: string, socket: Socket, session: WireSessionOptions): Promise<boolean>
  /** Ends the project's wire sessions, except those opened with the credential `keep`. */
  endWireSessions(ref: string, keep?: string): void
  /** Open wire sessions of the project (tests, diagnostics). */
  wireSessionCount(ref: string): number
  closeAll(): Promise<void>
  openDirs(): string[]
}

export function embeddedDatabases({ dataDir, maxOpen, maxResultBytes }: { dataDir: string; maxOpen: number; maxResultBytes: number }): EmbeddedDatabases {
  const projectsRoot = path.resolve(dataDir, 'projects')
  const slots = new Map<string, Slot>()
  let nextId = 1
  let template: Promise<string> | null = null
  /**
   * Data dirs that must not be opened: paused or removed projects. In this process only, which
   * is enough: embedded data dirs belong to one app process (README), and the control plane
   * refuses SQL for a project that is not active before it gets here.
   */
  const suspended = new Set<string>()
  /**
   * The credential (wire/listener.ts credentialOf) of each project's password since it last
   * changed in this process: a client that authenticated with the one before is not let in.
   */
  const currentCredential = new Map<string, string>()
  /** Data dirs whose read-only role and function are known to be in place. */
  const readOnlyReady = new Set<string>()

  function slotFor(dir: string): Slot {
    let slot = slots.get(dir)
    if (!slot) {
      slot = { dir, handle: null, closing: null, evicting: false, tail: Promise.resolve(), queued: 0, lastUsed: 0 }
      slots.set(dir, slot)
    }
    return slot
  }

  /** Runs job after every earlier job of this project has settled. */
  function enqueue<T>(slot: Slot, job: () => Promise<T>): Promise<T> {
    slot.queued++
    const result = slot.tail.then(job).finally(() => {
      slot.queued--
      slot.lastUsed = Date.now()
      evictIdle()
    })
    slot.tail = result.catch(() => undefined)
    return result
  }

  function spawn(dir: string): Handle {
    const flow = new SharedArrayBuffer(4)
    const worker = new Worker(new URL('../../workers/pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir: dir, maxResultBytes, flow },
    })
    const pending = new Map<number, (reply: WorkerReply) => void>()
    let settleReady!: (error?: Error) => void
    const ready = new Promise<void>((resolve, reject) => {
      settleReady = (error) => (error ? reject(error) : resolve())
    })
    ready.catch(() => undefined) // awaited by ensureOpen; don't report it as unhandled meanwhile
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()))
    const streams = new Map<number, (chunk: Uint8Array) => void>()
    const handle: Handle = { worker, ready, pending, streams, inFlight: new Int32Array(flow), exited, alive: true, wires: new Map() }
    worker.on('message', (msg: { type?: string; message?: string; chunk?: ArrayBuffer; wire?: number; wireEnd?: number; wireBusy?: number; wireDone?: number; bytes?: number } & WorkerReply) => {
      if (msg.wire !== undefined) return void handle.wires.get(msg.wire)?.events.output(new Uint8Array(msg.chunk!))
      if (msg.wireEnd !== undefined) return void handle.wires.get(msg.wireEnd)?.socket.end()
      if (msg.wireBusy !== undefined) return void handle.wires.get(msg.wireBusy)?.events.busy()
      if (msg.wireDone !== undefined) return void handle.wires.get(msg.wireDone)?.events.done(msg.bytes ?? 0)
      if (msg.type === 'ready') return settleReady()
      if (msg.chunk) return streams.get(msg.id)?.(new Uint8Array(msg.chunk))
      if (msg.type === 'failed') return settleReady(new DatabaseUnavailableError("The project's database could not be opened.", msg.message))
      const callback = pending.get(msg.id)
      pending.delete(msg.id)
      streams.delete(msg.id)
      callback?.(msg)
    })
    const fail = (message: string) => {
      settleReady(new DatabaseUnavailableError("The project's database stopped unexpectedly.", message))
      for (const callback of pending.values()) callback({ id: 0, ok: false, fatal: true, error: { message } })
      pending.clear()
    }
    worker.on('error', (e) => fail(`project database worker failed: ${e.message}`))
    worker.on('exit', () => {
      handle.alive = false
      endWires(handle)
      fail('project database worker exited')
    })
    return handle
  }

  /** Sends one request; `onChunk` gets a streamed run's lines until its reply. */
  function request(handle: Handle, message: Record<string, unknown>, onChunk?: (chunk: Uint8Array) => void): Promise<WorkerReply> {
    const id = nextId++
    return new Promise((resolve) => {
      if (!handle.alive) return resolve({ id, ok: false, fatal: true, error: { message: 'project database worker exited' } })
      handle.pending.set(id, resolve)
      if (onChunk) handle.streams.set(id, onChunk)
      handle.worker.postMessage({ ...message, id })
    })
  }

  /** Ends the worker: a clean PGlite close when possible, terminate when it doesn't answer. */
  async function stop(handle: Handle, graceful: boolean): Promise<void> {
    if (graceful) {
      handle.worker.ref() // let PGlite finish closing even if nothing else keeps the process alive
      const closed = request(handle, { op: 'close' })
      const timer = setTimeout(() => void handle.worker.terminate(), CLOSE_GRACE_MS)
      await Promise.race([closed, handle.exited])
      clearTimeout(timer)
    } else {
      await handle.worker.terminate()
    }
    await handle.exited
  }

  /** Ends wire clients' connections (the worker rolls back what they left open). */
  function endWires(handle: Handle, keep?: string) {
    for (const [conn, session] of handle.wires) {
      // A password change (keep) leaves the platform's own sessions alone: they never used it.
      if (keep !== undefined && (session.credential === keep || session.credential === PLATFORM_CREDENTIAL)) continue
      endWire(handle, conn, session)
    }
  }

  /** Ends one wire session; with `error`, the client reads it (FATAL) before the socket closes. */
  function endWire(handle: Handle, conn: number, session: WireSession, error?: { code: string; message: string }) {
    if (!handle.wires.delete(conn)) return
    Atomics.store(session.flow, 1, 1)
    Atomics.notify(session.flow, 0)
    if (error) {
      session.socket.end(fatalError(error.code, error.message))
      // A client that does not read would keep the connection open for good: closed after a grace.
      setTimeout(() => session.socket.destroy(), 5_000).unref()
    } else session.socket.destroy()
    if (handle.alive) handle.worker.postMessage({ op: 'wire-close', conn })
  }

  /** Takes the worker out of the slot at once; the returned promise ends when its thread has. */
  function closeSlot(slot: Slot, graceful = true): Promise<void> {
    const handle = slot.handle
    if (!handle) return slot.closing ?? Promise.resolve()
    slot.handle = null
    // First, so that a client's open transaction does not hold up the close.
    endWires(handle)
    const closing = handle.ready
      .then(
        () => graceful,
        () => false
      )
      .then((clean) => stop(handle, clean))
      .finally(() => {
        if (slot.closing === closing) slot.closing = null
      })
    slot.closing = closing
    return closing
  }

  /** Opens the project's worker if needed (call inside the slot's queue). */
  async function ensureOpen(slot: Slot): Promise<Handle> {
    if (slot.handle && !slot.handle.alive) slot.handle = null // crashed on its own
    if (!slot.handle) {
      if (slot.closing) await slot.closing
      await mkdir(path.dirname(slot.dir), { recursive: true })
      slot.handle = spawn(slot.dir)
      slot.lastUsed = Date.now()
      evictIdle()
    }
    const handle = slot.handle
    try {
      await handle.ready
    } catch (e) {
      await closeSlot(slot, false)
      throw e
    }
    // An idle worker must not keep the process alive; a busy one must (see execute).
    handle.worker.unref()
    return handle
  }

  /**
   * Closes least-recently-used idle projects while more than the cap are open. Busy ones are left
   * alone (the cap can be exceeded for a while); this runs again whenever a request ends.
   */
  function evictIdle() {
    const open = [...slots.values()].filter((s) => s.handle && !s.evicting)
    const excess = open.length - maxOpen
    if (excess <= 0) return
    // A project with wire clients connected is busy: closing it would end their sessions.
    const idle = open.filter((s) => s.queued === 0 && !s.handle?.wires.size).sort((a, b) => a.lastUsed - b.lastUsed)
    for (const slot of idle.slice(0, excess)) {
      slot.evicting = true
      // Through the queue, so a request arriving meanwhile waits for the close, then reopens.
      void enqueue(slot, () => closeSlot(slot))
        .catch(() => undefined)
        .finally(() => {
          slot.evicting = false
        })
    }
  }

  /** Runs in the slot's queue, at its head: nothing else of this project runs meanwhile. */
  async function execute(slot: Slot, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome> {
    let cancel!: () => void
    const cancelled = new Promise<'cancelled'>((resolve) => (cancel = () => resolve('cancelled')))
    /** The worker answered: a cancel now would stop nothing, and says so. */
    let answered = false
    /** Lines still in flight from a worker that is being ended belong to no one. */
    let ended = false
    // From here on, a cancel is this run's: it ends the worker (below) once the SQL is in it.
    const forget = control?.onCancel(() => {
      if (answered) return false
      cancel()
      return true
    })
    let handle: Handle | undefined
    let timer: NodeJS.Timeout | undefined
    try {
      if (control?.cancelled) throw cancelledByUser()
      handle = await ensureOpen(slot)
      // Cancelled while the worker opened: the SQL never reaches it.
      if (control?.cancelled) throw cancelledByUser()
      handle.worker.ref()
      const timedOut = new Promise<'timeout'>((resolve) => {
        // setTimeout fires at once beyond 2^31-1 ms: clamp.
        timer = setTimeout(() => resolve('timeout'), Math.min(Math.max(options.timeoutMs, 0), 2 ** 31 - 1))
      })
      const sink = options.stream
      const open = handle
      // A streamed run's worker waits while too much is in flight (see the worker): what the
      // reader took is subtracted, at once or once the response drained.
      const taken = (bytes: number) => {
        Atomics.sub(open.inFlight, 0, bytes)
        Atomics.notify(open.inFlight, 0)
      }
      const onChunk = (chunk: Uint8Array) => {
        if (ended || !sink) return taken(chunk.length)
        if (sink.write(chunk)) taken(chunk.length)
        else void sink.drained().then(() => taken(chunk.length))
      }
      const replied = sink
        ? request(handle, { op: 'run', sql, shape: 'stream' }, onChunk)
        : request(handle, { op: 'run', sql, shape: options.shape })
      control?.markRunning(null)
      const reply = await Promise.race([replied, timedOut, cancelled])
      answered = reply !== 'cancelled'
      if (reply === 'timeout' || reply === 'cancelled') {
        // The only way to stop a PGlite query: end its thread. Committed data survives; the next
        // request waits for the thread to end, then reopens the data dir.
        void closeSlot(slot, false)
        if (reply === 'cancelled') throw cancelledByUser()
        throw new SqlError('canceling statement due to statement timeout', { code: '57014' })
      }
      if (reply.ok) return { json: new Uint8Array(reply.json!), durationMs: reply.durationMs ?? 0, rowCount: reply.rowCount }
      if (reply.fatal) {
        void closeSlot(slot, false)
        throw new DatabaseUnavailableError("The project's database stopped unexpectedly.", reply.error?.message)
      }
      const { message, ...pg } = reply.error!
      throw new SqlError(message, pg)
    } finally {
      ended = true
      forget?.()
      clearTimeout(timer)
      if (handle?.alive) handle.worker.unref()
    }
  }

  /**
   * The template data dir, made once: a fresh initdb, secured by its first open. New projects
   * start as a copy of it (~40 MB copied instead of seconds of initdb).
   */
  function templateDir(): Promise<string> {
    template ??= (async () => {
      const dir = path.join(projectsRoot, TEMPLATE_NAME)
      if (existsSync(path.join(dir, 'PG_VERSION'))) return dir
      // Made beside and renamed into place, so a crash never leaves a half-made template.
      const building = `${dir}.building-${process.pid}`
      await rm(building, { recursive: true, force: true })
      const slot = slotFor(building)
      await enqueue(slot, async () => {
        await ensureOpen(slot)
        await closeSlot(slot)
      })
      slots.delete(building)
      await rename(building, dir)
      return dir
    })().catch((error) => {
      template = null
      throw error
    })
    return template
  }

  /**
   * A copy of the parent's data dir with every table emptied, made beside the target and renamed
   * into place last: a crash never leaves a dir that still holds the parent's rows.
   */
  async function copyEmptied(parentRef: string, partial: string) {
    const parent = slotFor(projectDir(dataDir, parentRef))
    if (!existsSync(path.join(parent.dir, 'PG_VERSION'))) throw new Error(`the parent database ${parentRef} does not exist`)
    // Copied while the parent is closed (in its queue), so its files are consistent.
    await enqueue(parent, async () => {
      await closeSlot(parent)
      await cp(parent.dir, partial, { recursive: true })
    })
    const work = slotFor(partial)
    try {
      await enqueue(work, async () => {
        await execute(work, EMPTY_ALL_TABLES, { timeoutMs: 5 * 60_000, shape: 'last' })
        await closeSlot(work)
      })
    } finally {
      slots.delete(partial)
    }
  }

  /** The reader role and function in place (once per dir); inside the slot's queue. */
  async function ensureReader(slot: Slot) {
    if (readOnlyReady.has(slot.dir)) return
    // Not named: the set-up is the platform's, a cancel must not end it half-way (the check
    // before the reader's SQL still stops the run).
    await execute(slot, READONLY_SETUP, { timeoutMs: 60_000, shape: 'last' })
    readOnlyReady.add(slot.dir)
  }

  /** Runs a reader's SQL (see embedded-readonly.ts); inside the slot's queue. */
  async function executeReadOnly(slot: Slot, sql: string, options: RunOptions, control?: RunControl): Promise<RunOutcome> {
    await ensureReader(slot)
    try {
      const outcome = await execute(slot, readOnlyBatch(sql), { ...options, shape: 'all', stream: undefined }, control)
      if (options.stream) return { json: new Uint8Array(), durationMs: outcome.durationMs, rowCount: streamResult(outcome.json, options.stream) }
      const rebuilt = rebuildResult(outcome.json, options.shape, maxResultBytes)
      if (rebuilt.tooLarge) throw new SqlError(rebuilt.tooLarge.message, { code: rebuilt.tooLarge.code })
      return { json: rebuilt.json, durationMs: outcome.durationMs, rowCount: rebuilt.rowCount }
    } catch (error) {
      // The position is one in the platform's wrapper, not in the reader's SQL: leave it out.
      if (error instanceof SqlError) {
        const pg = error.pg
        throw new SqlError(error.message, { code: pg.code, detail: pg.detail, hint: pg.hint ?? (pg.code === '42601' ? READONLY_HINT : undefined) })
      }
      throw error
    }
  }

  /**
   * Relays one authenticated client and the worker. Flow control both ways: the worker waits
   * (inside PGlite) while too much of its answer is not yet taken by the client's socket, and the
   * socket is paused while too much of the client's input waits in the worker; input reaches the
   * worker as whole messages, capped in size (frames.ts). One message's work longer than the
   * statement timeout ends the worker (PGlite cannot cancel), a silent session the idle timeout.
   */
  function serveWire(slot: Slot, handle: Handle, socket: Socket, options: WireSessionOptions) {
    const conn = nextId++
    const flow = new Int32Array(new SharedArrayBuffer(8))
    const framer = new MessageFramer()
    let inputInWorker = 0
    let statementTimer: NodeJS.Timeout | undefined
    let idleTimer: NodeJS.Timeout | undefined
    const post = (message: Buffer) => {
      const copy = new Uint8Array(message) // its own buffer, transferred to the worker
      inputInWorker += copy.length
      if (handle.alive) handle.worker.postMessage({ op: 'wire-data', conn, bytes: copy.buffer }, [copy.buffer])
    }
    const end = (error?: { code: string; message: string }) => {
      clearTimeout(statementTimer)
      clearTimeout(idleTimer)
      endWire(handle, conn, session, error)
    }
    const touch = () => {
      if (options.idleTimeoutMs <= 0) return
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => end({ code: '57P05', message: 'terminating connection due to idle-session timeout' }), Math.min(options.idleTimeoutMs, 2 ** 31 - 1))
      idleTimer.unref()
    }
    const session: WireSession = {
      socket,
      credential: options.credential,
      flow,
      events: {
        output(chunk) {
          touch()
          options.onOutput?.(chunk.length)
          // Taken once the socket handed it to the kernel (or failed: the session is ending then).
          socket.write(chunk, () => {
            Atomics.sub(flow, 0, chunk.length)
            Atomics.notify(flow, 0)
          })
        },
        busy() {
          clearTimeout(statementTimer)
          statementTimer = setTimeout(() => {
            // The only way to stop PGlite: end its thread, and with it every session it serves.
            end({ code: '57014', message: 'canceling statement due to statement timeout; the connection is closed' })
            if (slot.handle === handle) void closeSlot(slot, false)
          }, Math.min(Math.max(options.statementTimeoutMs, 0), 2 ** 31 - 1))
        },
        done(bytes) {
          clearTimeout(statementTimer)
          touch()
          inputInWorker -= bytes
          if (inputInWorker <= MAX_WIRE_INPUT_IN_FLIGHT && socket.isPaused()) socket.resume()
        },
      },
    }
    handle.wires.set(conn, session)
    const receive = (chunk: Buffer) => {
      touch()
      const framed = framer.push(chunk)
      if ('invalid' in framed) return end({ code: '08P01', message: framed.invalid })
      for (const message of framed.messages) post(message)
      if (inputInWorker > MAX_WIRE_INPUT_IN_FLIGHT) socket.pause()
    }
    socket.on('data', receive)
    socket.once('close', () => {
      clearTimeout(statementTimer)
      clearTimeout(idleTimer)
      if (!handle.wires.has(conn)) return
      endWire(handle, conn, session)
      slot.lastUsed = Date.now()
      evictIdle()
    })
    handle.worker.postMessage({ op: 'wire-open', conn, flow: flow.buffer })
    post(options.startup)
    touch()
    if (options.rest.length > 0) receive(options.rest)
    if (handle.wires.has(conn) && inputInWorker <= MAX_WIRE_INPUT_IN_FLIGHT) socket.resume()
  }

  return {
    async provision(ref, { schemaFrom } = {}) {
      const slot = slotFor(projectDir(dataDir, ref))
      await enqueue(slot, async () => {
        if (existsSync(path.join(slot.dir, 'PG_VERSION'))) return
        const partial = `${slot.dir}.provisioning`
        await rm(partial, { recursive: true, force: true })
        if (schemaFrom) await copyEmptied(schemaFrom, partial)
        else await cp(await templateDir(), partial, { recursive: true })
        await rename(partial, slot.dir)
      })
    },
    run(ref, sql, options, control) {
      const slot = slotFor(projectDir(dataDir, ref))
      const job = enqueue(slot, () => {
        // Dropped from the queue: its turn passes without opening or touching anything.
        if (control?.cancelled) throw cancelledByUser()
        // Checked when the request's turn comes: one queued before a pause must not reopen it.
        if (suspended.has(slot.dir)) throw new DatabaseNotServingError()
        return options.readOnly ? executeReadOnly(slot, sql, options, control) : execute(slot, sql, options, control)
      })
      if (!control) return job
      // While queued, a cancel answers at once; once its turn came, execute() takes the cancel over.
      return new Promise<RunOutcome>((resolve, reject) => {
        const forget = control.onCancel(() => {
          reject(cancelledByUser())
          return true
        })
        job.then(resolve, reject).finally(forget)
      })
    },
    prepareReader(ref) {
      const slot = slotFor(projectDir(dataDir, ref))
      return enqueue(slot, async () => {
        if (suspended.has(slot.dir)) throw new DatabaseNotServingError()
        await ensureReader(slot)
        await execute(slot, GRANT_READ, { timeoutMs: 60_000, shape: 'last' })
      })
    },
    async suspend(ref) {
      const slot = slotFor(projectDir(dataDir, ref))
      suspended.add(slot.dir)
      await enqueue(slot, () => closeSlot(slot))
    },
    resume(ref) {
      suspended.delete(projectDir(dataDir, ref))
    },
    async restart(ref) {
      const slot = slotFor(projectDir(dataDir, ref))
      await enqueue(slot, () => closeSlot(slot))
    },
    async drop(ref) {
      const slot = slotFor(projectDir(dataDir, ref))
      // Stays suspended: opening a missing dir would make a new, empty database there.
      suspended.add(slot.dir)
      await enqueue(slot, async () => {
        await closeSlot(slot)
        await rm(slot.dir, { recursive: true, force: true })
        await rm(`${slot.dir}.provisioning`, { recursive: true, force: true })
      })
      readOnlyReady.delete(slot.dir)
    },
    sizeBytes: (ref) => directorySizeBytes(projectDir(dataDir, ref)),
    async openWire(ref, socket, options) {
      const slot = slotFor(projectDir(dataDir, ref))
      // A client that leaves while its worker opens is noticed below, whenever it left.
      let left = socket.destroyed
      const onLeft = () => (left = true)
      socket.once('close', onLeft)
      // In the queue: never while the worker is being closed, and after a pause that came first.
      return enqueue(slot, async () => {
        try {
          const admissible = () => {
            if (suspended.has(slot.dir)) throw new DatabaseNotServingError()
            const current = currentCredential.get(slot.dir)
            return current === undefined || current === options.credential || options.credential === PLATFORM_CREDENTIAL
          }
          if (!admissible()) return false
          if (left || socket.destroyed) return true
          const handle = await ensureOpen(slot)
          // Checked again with no wait before the session is registered: a pause or a password
          // change while the worker opened must not let the client in, nor one that left linger.
          if (!admissible()) return false
          if (left || socket.destroyed || !handle.alive) return true
          serveWire(slot, handle, socket, options)
          return true
        } finally {
          socket.off('close', onLeft)
        }
      })
    },
    endWireSessions(ref, keep) {
      const slot = slotFor(projectDir(dataDir, ref))
      if (keep !== undefined) currentCredential.set(slot.dir, keep)
      if (slot.handle) endWires(slot.handle, keep)
    },
    wireSessionCount: (ref) => slotFor(projectDir(dataDir, ref)).handle?.wires.size ?? 0,
    async closeAll() {
      await Promise.all([...slots.values()].map((slot) => enqueue(slot, () => closeSlot(slot))))
    },
    openDirs() {
      return [...slots.values()].filter((s) => s.handle).map((s) => s.dir)
    },
  }
}

// One project's PGlite, in its own thread. PGlite runs queries on the JS thread and cannot cancel
// them, so it lives here: the server stays responsive, and terminating this thread is the cancel.
//
// Users' SQL never runs as a superuser (see HARDEN). workerData: { dataDir, maxResultBytes, flow }:
// `flow` is a SharedArrayBuffer (one Int32) counting the bytes of a streamed answer not yet taken.
//
// Messages in:  { id, op: 'run', sql, shape } | { id, op: 'close' }   (shape 'stream': NDJSON lines)
//               { op: 'wire-open', conn, flow: SharedArrayBuffer } | { op: 'wire-data', conn, bytes: ArrayBuffer } | { op: 'wire-close', conn }
// Messages out: { type: 'ready' } | { type: 'failed', message }
//               { wire: conn, chunk: ArrayBuffer (transferred) } | { wireEnd: conn }   (see "Wire sessions")
//               { wireBusy: conn } | { wireDone: conn, bytes }   a client's message started / ended its work
//               { id, chunk: ArrayBuffer (transferred) }   streamed lines, while a 'stream' run runs
//               { id, ok: true, json: ArrayBuffer (transferred), durationMs, rowCount? }
//               { id, ok: false, error: { message, code, position, detail, hint }, fatal? }
import { parentPort, workerData } from 'node:worker_threads'
import { Duplex } from 'node:stream'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket'
import { EXTENSIONS } from './pglite-extensions.mjs'
import { serialize } from 'pg-protocol'
import { Parser } from 'pg-protocol/dist/parser.js'
import { ResultJsonBuilder } from './result-json.mjs'
import { ResultStreamBuilder } from './result-stream.mjs'


// Restores a clean session after every request (PGlite is one shared session). PGlite ignores
// RESET SESSION AUTHORIZATION and DISCARD ALL for the session user, hence the explicit SET.
const RESET_SESSION = 'SET SESSION AUTHORIZATION postgres; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL'

// PGlite runs one backend in which the authenticated user is always the bootstrap role
// `postgres`, so any SQL could `SET SESSION AUTHORIZATION postgres`: a separate login role would
// protect nothing. Instead `postgres` itself stops being a superuser, once per data dir, before
// any user SQL runs (a fresh, copied or older dir alike). It stays the owner of the database and
// of `public`, may create tables, functions, policies, roles and the trusted extensions; COPY …
// PROGRAM, files, tablespaces, ALTER SYSTEM and C functions are refused by Postgres itself. The
// catalog functions Postgres keeps from PUBLIC (pg_read_file, lo_import, pg_reload_conf …) belong
// to `postgres` as the bootstrap owner, so they are handed to a role nobody can log in as or
// join.
//
// Extension scripts need a superuser (C functions), and Postgres runs a trusted extension's
// script as the bootstrap role, `postgres` itself. So event triggers owned by `platform_admin`
// (a superuser nobody can log in as or join) lend `postgres` the superuser attribute for exactly
// the duration of CREATE / ALTER EXTENSION and take it back when the command ends; a command that
// fails rolls the loan back with its transaction. Only the extensions of EXTENSIONS exist here,
// and all of them are ones Postgres itself marks trusted. The worker checks after every run that
// `postgres` is no superuser (see guard()).
const HARDEN = `
DO $harden$
DECLARE f regprocedure;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'platform_guard') THEN
    CREATE ROLE platform_guard NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'platform_admin') THEN
    CREATE ROLE platform_admin SUPERUSER NOLOGIN;
  END IF;
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proowner = 10 AND p.proacl IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM aclexplode(p.proacl) a WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE')
  LOOP
    EXECUTE format('ALTER FUNCTION %s OWNER TO platform_guard', f);
  END LOOP;
END
$harden$;
CREATE SCHEMA IF NOT EXISTS platform_internal AUTHORIZATION platform_admin;
REVOKE ALL ON SCHEMA platform_internal FROM PUBLIC;
CREATE OR REPLACE FUNCTION platform_internal.lend_superuser() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
  AS $f$ BEGIN UPDATE pg_catalog.pg_authid SET rolsuper = true WHERE oid = 10; END $f$;
CREATE OR REPLACE FUNCTION platform_internal.take_back_superuser() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
  AS $f$ BEGIN UPDATE pg_catalog.pg_authid SET rolsuper = false WHERE oid = 10; END $f$;
ALTER FUNCTION platform_internal.lend_superuser() OWNER TO platform_admin;
ALTER FUNCTION platform_internal.take_back_superuser() OWNER TO platform_admin;
DROP EVENT TRIGGER IF EXISTS platform_extension_start;
DROP EVENT TRIGGER IF EXISTS platform_extension_end;
CREATE EVENT TRIGGER platform_extension_start ON ddl_command_start WHEN TAG IN ('CREATE EXTENSION', 'ALTER EXTENSION')
  EXECUTE FUNCTION platform_internal.lend_superuser();
CREATE EVENT TRIGGER platform_extension_end ON ddl_command_end WHEN TAG IN ('CREATE EXTENSION', 'ALTER EXTENSION')
  EXECUTE FUNCTION platform_internal.take_back_superuser();
ALTER EVENT TRIGGER platform_extension_start OWNER TO platform_admin;
ALTER EVENT TRIGGER platform_extension_end OWNER TO platform_admin;
UPDATE pg_authid SET rolsuper = false, rolreplication = false WHERE oid = 10;
`

// Sent after every query. COPY ... FROM STDIN would otherwise wait for input that never comes, and
// PGlite exits on the empty read; outside COPY, Postgres ignores a stray CopyFail.
const COPY_FAIL = serialize.copyFail('COPY FROM STDIN is not supported here')

// Postgres' default 128 MB of shared buffers makes each open database take ~250 MB; a project's
// files are also in the machine's page cache, so 32 MB halves that (measured ~125 MB) and lets
// twice as many databases stay open in the same memory.
const POSTGRESQL_CONF = ['shared_buffers = 32MB']

const encoder = new TextEncoder()
let db

/** A streamed run pauses while this much of its answer is still on its way to the reader. */
const MAX_IN_FLIGHT_BYTES = 4 * 1024 * 1024

/**
 * Sends one simple-query protocol message and feeds every backend message to onMessage.
 * Raw protocol + pg-protocol is several times faster than db.exec() for big results. Use only
 * this in this file: PGlite keeps the last raw-stream callback, so mixing in db.query() breaks.
 */
async function send(message, onMessage) {
  const parser = new Parser()
  await db.execProtocolRawStream(message, {
    // The chunk is a view into WASM memory that is reused: copy it, the parser may keep a tail.
    onRawData: (chunk) => parser.parse(Buffer.from(chunk), onMessage),
  })
}

/** Runs SQL; returns the transaction status of the final ReadyForQuery and the first error. */
async function simpleQuery(sql, builder) {
  let status = 'I'
  let error = null
  const onMessage = (msg) => {
    switch (msg.name) {
      case 'dataRow':
        if (builder) builder.dataRow(msg.fields)
        break
      case 'rowDescription':
        if (builder) builder.rowDescription(msg.fields)
        break
      case 'commandComplete':
        if (builder) builder.commandComplete(msg.text)
        break
      case 'notice':
        if (builder?.notice) builder.notice(msg)
        break
      case 'error':
        if (!error) error = msg
        break
      case 'readyForQuery':
        status = msg.status
        break
    }
  }
  await send(Buffer.concat([serialize.query(sql), COPY_FAIL]), onMessage)
  return { status, error }
}

async function resetSession(status) {
  if (status !== 'I') await simpleQuery('ROLLBACK')
  const { error } = await simpleQuery(RESET_SESSION)
  if (error) throw new Error(`session reset failed: ${error.message}`)
  // The superuser lent for an extension is always taken back by its command's end or rollback;
  // should that ever fail, it is taken back here before anything else runs.
  await harden()
}

/** The first column of the first row of a one-statement query, as text. */
async function queryValue(sql) {
  let value = null
  let error = null
  await send(serialize.query(sql), (msg) => {
    if (msg.name === 'dataRow' && value === null) value = msg.fields[0]
    if (msg.name === 'error' && !error) error = msg
  })
  if (error) throw new Error(error.message)
  return value
}

/** Takes the superuser away from `postgres` when this data dir still (or again) has it (see HARDEN). */
async function harden() {
  if ((await queryValue('SELECT rolsuper FROM pg_roles WHERE oid = 10')) !== 't') return
  const { error } = await simpleQuery(HARDEN)
  if (error) throw new Error(`could not secure the database: ${error.message}`)
}

function errorFields(e) {
  return {
    message: e.message,
    code: e.code,
    position: e.position ? Number(e.position) : undefined,
    detail: e.detail,
    hint: e.hint,
  }
}

/**
 * A streamed run: every line goes to the platform as soon as a batch is full (PGlite calls back
 * while the query still runs), so neither thread holds the whole result.
 */
async function stream({ id, sql }) {
  const started = performance.now()
  const inFlight = new Int32Array(workerData.flow)
  Atomics.store(inFlight, 0, 0)
  const builder = new ResultStreamBuilder((text) => {
    const bytes = encoder.encode(text)
    Atomics.add(inFlight, 0, bytes.length)
    parentPort.postMessage({ id, chunk: bytes.buffer }, [bytes.buffer])
    // Backpressure: PGlite is inside this callback, so waiting here pauses the query itself until
    // the platform has handed enough of the answer on (it subtracts what its reader took). The
    // wait is short and repeated, so that terminating this thread (a cancel) is never held up.
    for (let now = Atomics.load(inFlight, 0); now > MAX_IN_FLIGHT_BYTES; now = Atomics.load(inFlight, 0)) Atomics.wait(inFlight, 0, now, 50)
  })
  try {
    const result = await simpleQuery(sql, builder)
    builder.flush()
    const durationMs = performance.now() - started
    await resetSession(result.status)
    if (result.error) parentPort.postMessage({ id, ok: false, error: errorFields(result.error) })
    else parentPort.postMessage({ id, ok: true, json: new ArrayBuffer(0), durationMs, rowCount: builder.lastRowCount })
  } catch (e) {
    parentPort.postMessage({ id, ok: false, fatal: true, error: { message: String(e?.message ?? e) } })
  }
}

async function run({ id, sql, shape }) {
  if (shape === 'stream') return stream({ id, sql })
  const started = performance.now()
  const builder = new ResultJsonBuilder(shape, workerData.maxResultBytes)
  let status = 'I'
  try {
    const result = await simpleQuery(sql, builder)
    status = result.status
    if (result.error) {
      await resetSession(status)
      parentPort.postMessage({ id, ok: false, error: errorFields(result.error) })
      return
    }
    if (builder.tooLarge) {
      await resetSession(status)
      parentPort.postMessage({ id, ok: false, error: builder.tooLargeError() })
      return
    }
    const bytes = encoder.encode(builder.toJson())
    const durationMs = performance.now() - started
    await resetSession(status)
    parentPort.postMessage({ id, ok: true, json: bytes.buffer, durationMs, rowCount: builder.rowCount }, [bytes.buffer])
  } catch (e) {
    // A JS-level failure (WASM abort, broken reset): this instance can't be trusted any more.
    parentPort.postMessage({ id, ok: false, fatal: true, error: { message: String(e?.message ?? e) } })
  }
}

async function close({ id }) {
  try {
    await db.close()
  } finally {
    parentPort.postMessage({ id, ok: true })
    process.exit(0)
  }
}

// ---- Wire sessions ---------------------------------------------------------------------------
//
// Clients of the platform's wire listener (server/databases/wire/listener.ts) reach this database
// through the main thread: it authenticates them, then relays their bytes here ('wire-data') and
// ours back. Each connection is served by @electric-sql/pglite-socket's PGLiteSocketHandler on a
// Duplex that stands for the socket. The handler hands every complete protocol message to a
// queue; ours (below) is the one scheduler of this database, shared with the platform's own runs:
//
// - one job at a time, each inside PGlite's runExclusive;
// - while a wire client has a transaction open (or an extended-protocol sequence not yet ended by
//   Sync), only its own messages run: the platform's runs and other clients wait (the platform's
//   timeout still applies: it ends this thread, and with it every wire connection);
// - before a platform run that follows wire traffic, the session is reset and `postgres` checked
//   (guard), as after every platform run; whenever a client's session is idle again the guard
//   runs too, so no wire traffic leaves `postgres` a superuser;
// - a client that leaves mid-transaction is rolled back before anything else runs;
// - every message gets 'wireBusy' before its work and 'wireDone' after (the platform times the
//   work, and counts the client's input still waiting here, see embedded.ts serveWire);
// - the main thread sends whole messages (wire/frames.ts); answers go back through a shared
//   counter: while too much of a client's answer is not yet taken by its socket, this thread
//   waits inside PGlite (as a streamed run does), until the client reads or its session ends.

/** Frontend messages that leave an extended-protocol sequence open until Sync. */
const SEQUENCE_OPENERS = new Set(['P', 'B', 'D', 'E', 'C', 'H'].map((c) => c.charCodeAt(0)))
/** Simple Query and Execute may start COPY FROM STDIN: the CopyFail after them ends it (see COPY_FAIL). */
const MAY_COPY = new Set(['Q', 'E'].map((c) => c.charCodeAt(0)))

/** Jobs waiting: { handlerId (null: the platform's), run(), drop(error) }. */
const jobs = []
/** The wire handler whose transaction (or unfinished sequence) holds the session; null when free. */
let owner = null
/** Wire traffic ran since the session was last reset. */
let dirty = false
/** Handlers whose connection ended: their session is given back before anything else runs. */
const gone = new Set()
let pumping = false

function schedule(job) {
  jobs.push(job)
  void pump()
}

async function pump() {
  if (pumping) return
  pumping = true
  try {
    for (;;) {
      if (owner !== null && gone.has(owner)) await db.runExclusive(releaseSession)
      const index = owner === null ? 0 : jobs.findIndex((job) => job.handlerId === owner)
      if (index === -1 || jobs.length === 0) break
      const [job] = jobs.splice(index, 1)
      // close() takes PGlite's query lock itself: it must not run inside it.
      await (job.exclusive === false ? job.run() : db.runExclusive(job.run))
    }
  } finally {
    pumping = false
  }
}

/** Ends what a departed client left open: an unfinished sequence (Sync), then its transaction. */
async function releaseSession() {
  await send(serialize.sync(), () => undefined)
  if (db.isInTransaction()) await simpleQuery('ROLLBACK')
  owner = null
  dirty = true
}

/** Runs the platform's own work: on a session reset first when clients used it since. */
function platformJob(work, { exclusive = true } = {}) {
  return new Promise((resolve, reject) => {
    schedule({
      handlerId: null,
      exclusive,
      run: async () => {
        try {
          if (dirty) {
            await resetSession('I')
            dirty = false
          }
          resolve(await work())
        } catch (e) {
          reject(e)
        }
      },
      drop: reject,
    })
  })
}

/** What PGLiteSocketHandler needs of a queue (enqueue, clearQueueForHandler, clearTransactionIfNeeded). */
const wireQueue = {
  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      schedule({
        handlerId,
        run: async () => {
          try {
            const type = message[0]
            const bytes = MAY_COPY.has(type) ? Buffer.concat([message, COPY_FAIL]) : message
            let size = 0
            const conn = connOfHandler.get(handlerId)
            if (conn !== undefined) parentPort.postMessage({ wireBusy: conn })
            try {
              await db.execProtocolRawStream(bytes, {
                onRawData: (data) => {
                  size += data.length
                  onData(data)
                },
              })
              dirty = true
              const holding = db.isInTransaction() || SEQUENCE_OPENERS.has(type)
              owner = holding ? handlerId : null
              // An idle session again: the superuser lent for an extension must be back (see HARDEN).
              if (!holding) await harden()
            } finally {
              if (conn !== undefined) parentPort.postMessage({ wireDone: conn, bytes: message.length })
            }
            resolve(size)
          } catch (e) {
            reject(e)
          }
        },
        drop: reject,
      })
    })
  },
  clearQueueForHandler(handlerId) {
    for (let i = jobs.length - 1; i >= 0; i--) {
      if (jobs[i].handlerId !== handlerId) continue
      const [job] = jobs.splice(i, 1)
      job.drop(new Error('Handler disconnected'))
    }
  },
  async clearTransactionIfNeeded(handlerId) {
    gone.add(handlerId)
    await pump()
  },
}

/** A session's answer waits while this much of it is not yet taken by the client's socket. */
const MAX_WIRE_OUTPUT_IN_FLIGHT = 1024 * 1024

/** Stands for a client's socket: bytes come from the main thread and go back to it. */
class RelayedSocket extends Duplex {
  constructor(conn, flow) {
    super()
    this.conn = conn
    /** [0]: bytes sent and not yet taken by the client's socket; [1]: 1 once the session ended. */
    this.flow = new Int32Array(flow)
    this.remoteAddress = 'relay'
    this.remotePort = 0
  }
  setNoDelay() {}
  _read() {}
  _write(chunk, _encoding, callback) {
    const bytes = new Uint8Array(chunk) // a copy of its own, so it can be transferred
    const flow = this.flow
    Atomics.add(flow, 0, bytes.length)
    parentPort.postMessage({ wire: this.conn, chunk: bytes.buffer }, [bytes.buffer])
    // Backpressure: the handler writes from inside PGlite's output callback, so waiting here
    // pauses the query itself. Short waits, so that terminating this thread is never held up.
    for (let now = Atomics.load(flow, 0); now > MAX_WIRE_OUTPUT_IN_FLIGHT && Atomics.load(flow, 1) === 0; now = Atomics.load(flow, 0)) Atomics.wait(flow, 0, now, 50)
    callback()
  }
  _final(callback) {
    parentPort.postMessage({ wireEnd: this.conn })
    callback()
  }
  _destroy(error, callback) {
    parentPort.postMessage({ wireEnd: this.conn })
    callback(error)
  }
}

/** Open wire connections by the main thread's connection id. */
const connections = new Map()
/** The main thread's connection id of each handler. */
const connOfHandler = new Map()

function onWire(msg) {
  if (msg.op === 'wire-open') {
    const socket = new RelayedSocket(msg.conn, msg.flow)
    const handler = new PGLiteSocketHandler({ queryQueue: wireQueue, closeOnDetach: true })
    connections.set(msg.conn, { socket, handler })
    connOfHandler.set(handler.handlerId, msg.conn)
    socket.once('close', () => {
      connections.delete(msg.conn)
      connOfHandler.delete(handler.handlerId)
    })
    void handler.attach(socket)
  } else if (msg.op === 'wire-data') {
    connections.get(msg.conn)?.socket.push(Buffer.from(msg.bytes))
  } else if (msg.op === 'wire-close') {
    const connection = connections.get(msg.conn)
    if (!connection) return
    // At once: its transaction is given back before another job runs.
    gone.add(connection.handler.handlerId)
    connection.socket.push(null)
    connection.socket.destroy()
    void pump()
  }
}

try {
  db = await PGlite.create(workerData.dataDir, { extensions: EXTENSIONS, postgresqlconf: POSTGRESQL_CONF })
  await harden()
  parentPort.on('message', (msg) => {
    if (msg.op?.startsWith('wire-')) return onWire(msg)
    const job = msg.op === 'run' ? platformJob(() => run(msg)) : platformJob(() => close(msg), { exclusive: false })
    void job.catch(() => undefined)
  })
  parentPort.postMessage({ type: 'ready' })
} catch (e) {
  parentPort.postMessage({ type: 'failed', message: String(e?.message ?? e) })
}

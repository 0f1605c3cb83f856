// One project's PGlite, in its own thread. PGlite runs queries on the JS thread and cannot cancel
// them, so it lives here: the server stays responsive, and terminating this thread is the cancel.
//
// Messages in:  { id, op: 'run', sql, shape } | { id, op: 'close' }
// Messages out: { type: 'ready' } | { type: 'failed', message }
//               { id, ok: true, json: ArrayBuffer (transferred), durationMs }
//               { id, ok: false, error: { message, code, position, detail, hint }, fatal? }
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { citext } from '@electric-sql/pglite/contrib/citext'
import { hstore } from '@electric-sql/pglite/contrib/hstore'
import { ltree } from '@electric-sql/pglite/contrib/ltree'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp'
import { serialize } from 'pg-protocol'
import { Parser } from 'pg-protocol/dist/parser.js'
import { ResultJsonBuilder } from './result-json.mjs'

// A data dir must be reopened with every extension it ever created, so this list is the same for
// every instance, always. Only add to it: removing one breaks data dirs that use it.
const EXTENSIONS = { citext, hstore, ltree, pg_trgm, pgcrypto, uuid_ossp }

// Restores a clean session after every request (PGlite is one shared session). PGlite ignores
// RESET SESSION AUTHORIZATION and DISCARD ALL for the session user, hence the explicit SET.
const RESET_SESSION = 'SET SESSION AUTHORIZATION postgres; RESET ALL; RESET ROLE; CLOSE ALL; DEALLOCATE ALL'

// Sent after every query. COPY ... FROM STDIN would otherwise wait for input that never comes, and
// PGlite exits on the empty read; outside COPY, Postgres ignores a stray CopyFail.
const COPY_FAIL = serialize.copyFail('COPY FROM STDIN is not supported here')

const encoder = new TextEncoder()
let db

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

async function run({ id, sql, shape }) {
  const started = performance.now()
  const builder = new ResultJsonBuilder(shape)
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
    parentPort.postMessage({ id, ok: true, json: bytes.buffer, durationMs }, [bytes.buffer])
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

try {
  db = await PGlite.create(workerData.dataDir, { extensions: EXTENSIONS })
  // The server sends one request at a time; the chain only guards against overlap if it doesn't.
  let chain = Promise.resolve()
  parentPort.on('message', (msg) => {
    chain = chain.then(() => (msg.op === 'run' ? run(msg) : close(msg)))
  })
  parentPort.postMessage({ type: 'ready' })
} catch (e) {
  parentPort.postMessage({ type: 'failed', message: String(e?.message ?? e) })
}

/**
 * Running SQL without row objects: a custom pg "submittable" feeds simple-query protocol messages
 * straight into a builder (workers/result-json.mjs for one JSON answer, result-stream.mjs for
 * NDJSON lines; no type parsers, one code path for multi-statement SQL).
 */
import type pg from 'pg'
import { ResultJsonBuilder } from '../../workers/result-json.mjs'
import { ResultStreamBuilder } from '../../workers/result-stream.mjs'
import { SqlError, type RunShape, type RunStream } from './types'

const COPY_IN_REFUSED = 'COPY FROM STDIN is not supported here'

export type ProtocolBuilder = {
  rowDescription(fields: { name: string; dataTypeID: number }[]): void
  dataRow(values: (string | null)[]): void
  commandComplete(tag: string): void
}

/** A connection's socket, as a streamed run pauses it while its reader is behind. */
type Socket = { pause(): void; resume(): void }

/**
 * What pg calls on a submitted query, feeding its messages to a builder; a subclass sends the
 * query and says what it answers once the server is ready again.
 */
abstract class BuilderSubmittable<Answer> {
  readonly done: Promise<Answer>
  private settle!: (error: Error | null, answer?: Answer) => void

  constructor(protected readonly builder: ProtocolBuilder) {
    this.done = new Promise((resolve, reject) => {
      let settled = false
      this.settle = (error, answer) => {
        if (settled) return
        settled = true
        if (error) reject(error)
        else resolve(answer as Answer)
      }
    })
  }

  /** The answer, once the server is ready again (may throw: the query then fails). */
  protected abstract answer(): Answer

  // pg calls these from its socket handler: an exception there would escape as an uncaught
  // error and leave this query hanging, so every one settles instead.
  protected guard(fn: () => void) {
    try {
      fn()
    } catch (error) {
      this.settle(error instanceof Error ? error : new Error(String(error)))
    }
  }
  handleRowDescription(msg: { fields: { name: string; dataTypeID: number }[] }) {
    this.guard(() => this.builder.rowDescription(msg.fields))
  }
  handleDataRow(msg: { fields: (string | null)[] }) {
    this.guard(() => this.builder.dataRow(msg.fields))
  }
  handleCommandComplete(msg: { text: string }) {
    this.guard(() => this.builder.commandComplete(msg.text))
  }
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyInResponse(connection: { sendCopyFail(msg: string): void }) {
    connection.sendCopyFail(COPY_IN_REFUSED)
  }
  handleCopyData() {}
  // pg calls this for a server error (then drops the query) and for a dead connection.
  handleError(error: Error) {
    this.settle(error)
  }
  handleReadyForQuery() {
    this.guard(() => this.settle(null, this.answer()))
  }
}

/**
 * Feeds one simple query's protocol messages to a builder; `finish` makes the answer once the
 * server is ready again (and may throw an SqlError, e.g. a result too large).
 */
export class ProtocolQuery<Answer = void> extends BuilderSubmittable<Answer> {
  /** The connection's socket, once submitted: a streamed run pauses it while its reader is behind. */
  socket: Socket | null = null

  constructor(
    /** The SQL, or what makes it when the query is sent (the connection is then ready for it). */
    private readonly text: string | (() => string),
    builder: ProtocolBuilder,
    private readonly finish: () => Answer
  ) {
    super(builder)
  }

  submit(connection: { query(text: string): void; stream?: Socket }) {
    this.socket = connection.stream ?? null
    connection.query(typeof this.text === 'string' ? this.text : this.text()) // simple query protocol: many statements allowed
    return null
  }
  protected answer(): Answer {
    return this.finish()
  }
}

export const IGNORE_ROWS: ProtocolBuilder = { rowDescription() {}, dataRow() {}, commandComplete() {} }

/**
 * One statement by the extended protocol (Parse, Bind, Describe, Execute, Sync), its messages fed
 * to `builder`: PostgreSQL refuses a text that holds more than one statement ("cannot insert
 * multiple commands into a prepared statement"), so whatever a lexer made of the SQL, exactly one
 * statement runs, and the caller hears from it (its tag, the transaction status after it) before
 * the next is sent. Settles with the command tag once the server is ready again.
 */
export class ProtocolStatement extends BuilderSubmittable<string | null> {
  private tag: string | null = null

  constructor(
    private readonly text: string,
    builder: ProtocolBuilder,
    private readonly socketHolder?: { socket: Socket | null }
  ) {
    super(builder)
  }

  submit(connection: {
    parse(msg: { text: string; name: string; types: number[] }): void
    bind(msg: { portal: string; statement: string; values: unknown[]; binary: boolean }): void
    describe(msg: { type: 'P'; name: string }): void
    execute(msg: { portal: string; rows: number }): void
    sync(): void
    stream?: Socket
  }) {
    if (this.socketHolder) this.socketHolder.socket = connection.stream ?? null
    connection.parse({ text: this.text, name: '', types: [] })
    connection.bind({ portal: '', statement: '', values: [], binary: false })
    connection.describe({ type: 'P', name: '' })
    connection.execute({ portal: '', rows: 0 })
    connection.sync()
    return null
  }
  handleCommandComplete(msg: { text: string }) {
    this.tag = msg.text
    super.handleCommandComplete(msg)
  }
  protected answer(): string | null {
    return this.tag
  }
}

/** How a run's answer is made: the builder its messages go to, and the answer once the last statement is in. */
export type Answer = { builder: ProtocolBuilder; finish: () => Uint8Array; socketHolder: { socket: Socket | null } }

/**
 * SQL made when pg sends it, after the server answered whatever the connection ran before (its
 * ReadyForQuery, with the transaction status, has then arrived); rows ignored. Settles when the
 * server is ready again.
 */
export function lateQuery(text: () => string): ProtocolQuery {
  return new ProtocolQuery<void>(text, IGNORE_ROWS, () => undefined)
}

/** The whole answer as UTF-8 JSON, within the size cap. */
export function jsonQuery(text: string, shape: RunShape, maxResultBytes: number) {
  const builder = new ResultJsonBuilder(shape, maxResultBytes)
  const finish = () => {
    if (builder.tooLarge) {
      const { message, code } = builder.tooLargeError()
      throw new SqlError(message, { code })
    }
    return builder.toBytes()
  }
  const query = new ProtocolQuery<Uint8Array>(text, builder, finish)
  const answer: Answer = { builder, finish, socketHolder: query }
  // Nothing of its own to end (streamQuery's has a timer and a listener).
  return { query, answer, rowCount: () => builder.rowCount, stop: () => undefined }
}

/** A streamed run's answer went out as it ran: nothing is left to send. */
const STREAMED = new Uint8Array()

/** Rows are handed on at least this often, however slowly a query produces them. */
const STREAM_FLUSH_MS = 100

/**
 * A streamed run: lines go to `sink` as rows arrive. When the reader is behind, the socket is
 * paused: the server then waits to send more, so memory here stays bounded by one batch.
 */
export function streamQuery(text: string, sink: RunStream, client: pg.PoolClient) {
  let paused = false
  // The socket of whichever submittable runs now: this query's, or a read-only run's statements'.
  const holder: Answer['socketHolder'] = { socket: null }
  const builder = new ResultStreamBuilder((line) => {
    if (sink.write(line) || paused || !(holder.socket ?? query.socket)) return
    paused = true
    const socket = (holder.socket ?? query.socket)!
    socket.pause()
    void sink.drained().then(() => {
      paused = false
      socket.resume()
    })
  })
  const timer = setInterval(() => builder.flush(), STREAM_FLUSH_MS)
  const onNotice = (msg: Parameters<ResultStreamBuilder['notice']>[0]) => builder.notice(msg)
  client.on('notice', onNotice)
  const stop = () => {
    clearInterval(timer)
    client.off('notice', onNotice)
  }
  const finish = () => {
    builder.flush()
    return STREAMED
  }
  // Referenced by the builder's callback above, which only runs once rows arrive.
  const query = new ProtocolQuery<Uint8Array>(text, builder, finish)
  query.done.then(stop, stop)
  const answer: Answer = { builder, finish, socketHolder: holder }
  return { query, answer, rowCount: () => builder.lastRowCount, stop }
}

// @ts-check
// Builds the streamed answer of a run (newline-delimited JSON) straight from simple-query protocol
// messages, as they arrive: nothing of a result is kept once it was handed on. Used by the
// streamed runs of server/databases/protocol-query.ts; the value encoders are
// result-json.mjs's.
//
// Lines (one JSON object each, in this order per statement):
//   {"type":"columns","columns":[{"name":"id","dataTypeID":23},…]}   a statement that returns rows
//   {"type":"rows","rows":[[1,"a"],[2,"b"]]}                           zero or more batches
//   {"type":"complete","command":"SELECT","rowCount":2}                every statement
//   {"type":"notice","severity":"NOTICE","message":"…","detail":…}      whenever the server says one
// Rows are arrays in column order, so two columns of the same name keep their own values. The
// endpoint adds the last line: {"type":"end",…} or {"type":"error",…}.

import { encoderFor, parseCommandTag } from './result-json.mjs'

/** The first batch is small so the first rows are painted early; later ones grow to this. */
const FIRST_BATCH_CHARS = 8 * 1024
const MAX_BATCH_CHARS = 256 * 1024

export class ResultStreamBuilder {
  /** @param {(text: string) => void} emit receives whole lines (each ends with \n) */
  constructor(emit) {
    this.emit = emit
    /** @type {import('./result-json.mjs').Encoder[] | null} */
    this.encoders = null
    /** @type {string[]} rows of the current batch, as JSON */
    this.batch = []
    this.batchChars = 0
    this.batchLimit = FIRST_BATCH_CHARS
    /** The last completed statement's row count (returned or affected), for the query history. */
    /** @type {number | null} */
    this.lastRowCount = null
  }

  /** @param {import('./result-json.mjs').Field[]} fields */
  rowDescription(fields) {
    this.flush()
    this.encoders = fields.map((f) => encoderFor(f.dataTypeID))
    const columns = fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    this.emit(`{"type":"columns","columns":${JSON.stringify(columns)}}\n`)
  }

  /** @param {(string | null)[]} values */
  dataRow(values) {
    const encoders = this.encoders
    // The protocol sends a RowDescription before a statement's first DataRow.
    if (!encoders) throw new Error('a data row arrived before its row description')
    let s = '['
    for (let i = 0; i < values.length; i++) {
      const v = values[i]
      if (i > 0) s += ','
      s += v === null ? 'null' : encoders[i](v)
    }
    s += ']'
    this.batch.push(s)
    this.batchChars += s.length + 1
    if (this.batchChars >= this.batchLimit) {
      this.flush()
      this.batchLimit = Math.min(this.batchLimit * 2, MAX_BATCH_CHARS)
    }
  }

  /** @param {string} tag the CommandComplete text */
  commandComplete(tag) {
    this.flush()
    const { command, rowCount } = parseCommandTag(tag)
    this.lastRowCount = rowCount
    this.emit(`{"type":"complete","command":${JSON.stringify(command)},"rowCount":${rowCount === null ? 'null' : rowCount}}\n`)
    this.encoders = null
  }

  /**
   * A NoticeResponse (RAISE NOTICE, "table does not exist, skipping" …), as pg's 'notice' event gives it.
   * @param {{ severity?: string, message?: string, code?: string, detail?: string, hint?: string }} msg
   */
  notice(msg) {
    this.flush()
    /** @type {Record<string, string>} */
    const notice = { type: 'notice', severity: msg.severity ?? 'NOTICE', message: String(msg.message ?? '') }
    for (const key of /** @type {const} */ (['code', 'detail', 'hint'])) if (msg[key]) notice[key] = String(msg[key])
    this.emit(JSON.stringify(notice) + '\n')
  }

  /** Hands on the rows gathered so far (called at statement ends, and on a timer by slow producers). */
  flush() {
    if (this.batch.length === 0) return
    const text = `{"type":"rows","rows":[${this.batch.join(',')}]}\n`
    this.batch = []
    this.batchChars = 0
    this.emit(text)
  }
}

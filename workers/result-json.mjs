// @ts-check
// Builds the JSON body of a run straight from simple-query protocol messages (text format).
// Used by the server path (server/databases/protocol-query.ts) and by result-stream.mjs's encoders.
// Rows are written as JSON text directly, never as JS objects: for large results building
// objects and then JSON.stringify-ing them costs more than the query itself.

const BOOL = 16
const INT8 = 20
const INT2 = 21
const INT4 = 23
const OID = 26
const JSON_ = 114
const FLOAT4 = 700
const FLOAT8 = 701
const JSONB = 3802

/** @typedef {(text: string) => string} Encoder a column value's Postgres text → its JSON text */
/** @typedef {{ name: string, dataTypeID: number }} Field a RowDescription field */

/** @type {Encoder} */
const asString = (v) => JSON.stringify(v)
/** @type {Encoder} */
const asBool = (v) => (v === 't' ? 'true' : 'false')
// int2/int4/oid text is always a valid JSON number.
/** @type {Encoder} */
const asNumber = (v) => v
// Postgres prints NaN and ±Infinity, which JSON cannot hold: keep those as strings.
/** @type {Encoder} */
const asFloat = (v) => (v === 'NaN' || v === 'Infinity' || v === '-Infinity' ? JSON.stringify(v) : v)
// bigint: a number while it is exact in JS (like pg-meta), a string beyond 2^53.
/** @type {Encoder} */
const asBigint = (v) => (v.length < 16 || Number.isSafeInteger(Number(v)) ? v : JSON.stringify(v))
// json/jsonb output is already JSON text: embed it as is (parsing and re-encoding is slow).
/** @type {Encoder} */
const asJson = (v) => v

/** @param {number} oid @returns {Encoder} */
export function encoderFor(oid) {
  switch (oid) {
    case BOOL:
      return asBool
    case INT2:
    case INT4:
    case OID:
      return asNumber
    case INT8:
      return asBigint
    case FLOAT4:
    case FLOAT8:
      return asFloat
    case JSON_:
    case JSONB:
      return asJson
    default:
      // numeric stays a string (exact), like dates, arrays and everything else.
      return asString
  }
}

/**
 * Splits a CommandComplete tag: 'INSERT 0 5' → INSERT, 5; 'CREATE TABLE' → CREATE TABLE, null.
 * @param {string} tag
 */
export function parseCommandTag(tag) {
  const words = tag.split(' ')
  let end = words.length
  let rowCount = null
  while (end > 1 && /^\d+$/.test(words[end - 1])) {
    if (rowCount === null) rowCount = Number(words[end - 1])
    end--
  }
  return { command: words.slice(0, end).join(' '), rowCount }
}

/**
 * One statement's columns, written once. Duplicate column names: the key stays where it first
 * appears and takes the last column's value, exactly like assigning into a JS object.
 * @param {Field[]} fields
 * @returns {{ key: string, index: number, encode: Encoder }[]}
 */
function planColumns(fields) {
  /** @type {Map<string, number>} */
  const lastIndex = new Map()
  fields.forEach((f, i) => lastIndex.set(f.name, i))
  const plan = []
  for (const [name, index] of lastIndex) {
    plan.push({
      key: (plan.length ? ',' : '') + JSON.stringify(name) + ':',
      index,
      encode: encoderFor(fields[index].dataTypeID),
    })
  }
  return plan
}

/** Rows are gathered as text up to about this many characters, then kept as UTF-8 bytes. */
const CHUNK_CHARS = 64 * 1024

/**
 * One JSON answer, built as UTF-8 chunks of about CHUNK_CHARS: a million rows held as a million
 * strings (each a tree of the pieces it was concatenated from) kept the garbage collector busy
 * for longer than the query ran; a few thousand buffers do not.
 */
export class ResultJsonBuilder {
  /**
   * @param {'all' | 'last'} shape
   * @param {number} maxBytes cap on the rows' JSON (UTF-8 bytes): a larger result is refused, not built
   */
  constructor(shape, maxBytes) {
    this.shape = shape
    this.maxBytes = maxBytes
    /** Bytes of rows kept so far (every statement's), text not yet encoded counted by its length. */
    this.size = 0
    /** Set once the result outgrew maxBytes: rows are dropped from then on, memory stays bounded. */
    this.tooLarge = false
    /** @type {Buffer[]} finished statements, as JSON chunks ('all'; a comma between statements) */
    this.statements = []
    /** @type {Buffer[]} rows of the last finished statement ('last'; commas included) */
    this.lastRows = []
    this.lastRowsCount = 0
    /** @type {Field[] | null} the current statement's columns */
    this.columns = null
    /** @type {ReturnType<typeof planColumns> | null} how to write the current statement's rows */
    this.plan = null
    /** @type {Buffer[]} the current statement's rows, encoded */
    this.chunks = []
    /** The current statement's rows not yet encoded. */
    this.text = ''
    this.rowsCount = 0
    /** @type {number | null} the last completed statement's tag count ('all') */
    this.lastTagCount = null
  }

  /** @param {Field[]} fields */
  rowDescription(fields) {
    this.columns = fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    this.plan = planColumns(fields)
    this.chunks = []
    this.text = ''
    this.rowsCount = 0
  }

  /** @param {(string | null)[]} values */
  dataRow(values) {
    if (this.tooLarge) return
    const plan = this.plan
    // The protocol sends a RowDescription before a statement's first DataRow.
    if (!plan) throw new Error('a data row arrived before its row description')
    let s = this.rowsCount === 0 ? '{' : ',{'
    for (let i = 0; i < plan.length; i++) {
      const p = plan[i]
      const v = values[p.index]
      s += p.key + (v === null ? 'null' : p.encode(v))
    }
    this.text += s + '}'
    this.rowsCount++
    // A character is at least one byte: past the cap by length is past it in bytes too.
    if (this.size + this.text.length > this.maxBytes) return this.overflow()
    if (this.text.length >= CHUNK_CHARS) this.encodeText()
  }

  /** Moves the text gathered so far into a chunk, counting its exact bytes. */
  encodeText() {
    if (!this.text) return
    const chunk = Buffer.from(this.text, 'utf8')
    this.text = ''
    this.size += chunk.length
    if (this.size > this.maxBytes) return this.overflow()
    this.chunks.push(chunk)
  }

  overflow() {
    this.tooLarge = true
    this.chunks = []
    this.text = ''
    this.statements = []
    this.lastRows = []
  }

  /** The error to answer when the result was too large (SQLSTATE 54000: program limit exceeded). */
  tooLargeError() {
    const mb = Math.round(this.maxBytes / (1024 * 1024))
    return {
      message: `The result is larger than ${mb} MB, so it was not returned. Add a LIMIT, or select fewer rows or columns.`,
      code: '54000',
    }
  }

  /** Ends a statement (with or without a result set). @param {string} tag */
  commandComplete(tag) {
    this.encodeText()
    if (this.tooLarge) {
      // keep counting nothing: the run will be answered with tooLargeError()
    } else if (this.shape === 'last') {
      this.lastRows = this.chunks
      this.lastRowsCount = this.rowsCount
    } else {
      const { command, rowCount } = parseCommandTag(tag)
      this.lastTagCount = rowCount
      const head =
        `${this.statements.length ? ',' : ''}{"command":${JSON.stringify(command)},"rowCount":${rowCount === null ? 'null' : rowCount},` +
        `"columns":${JSON.stringify(this.columns ?? [])},"rows":[`
      this.statements.push(Buffer.from(head, 'utf8'), ...this.chunks, Buffer.from(']}'))
    }
    this.columns = null
    this.plan = null
    this.chunks = []
    this.rowsCount = 0
  }

  /**
   * The run's row count for the query history, known without reading the JSON again: 'last', the
   * rows answered; 'all', the last statement's count (rows returned or affected; null without one).
   * @returns {number | null}
   */
  get rowCount() {
    return this.shape === 'last' ? this.lastRowsCount : this.lastTagCount
  }

  /** The answer as UTF-8 JSON. @returns {Buffer} */
  toBytes() {
    return Buffer.concat([Buffer.from('['), ...(this.shape === 'last' ? this.lastRows : this.statements), Buffer.from(']')])
  }
}

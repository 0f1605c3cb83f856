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

export class ResultJsonBuilder {
  /**
   * @param {'all' | 'last'} shape
   * @param {number} maxChars cap on the JSON (characters): a larger result is refused, not built
   */
  constructor(shape, maxChars) {
    this.shape = shape
    this.maxChars = maxChars
    this.size = 0
    /** Set once the result outgrew maxChars: rows are dropped from then on, memory stays bounded. */
    this.tooLarge = false
    /** @type {string[]} finished statements, as JSON ('all') */
    this.statements = []
    /** @type {string[]} rows of the last finished statement ('last') */
    this.lastRows = []
    /** @type {Field[] | null} the current statement's columns */
    this.columns = null
    /** @type {ReturnType<typeof planColumns> | null} how to write the current statement's rows */
    this.plan = null
    /** @type {string[]} */
    this.rows = []
    /** @type {number | null} the last completed statement's tag count ('all') */
    this.lastTagCount = null
  }

  /** @param {Field[]} fields */
  rowDescription(fields) {
    this.columns = fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    this.plan = planColumns(fields)
    this.rows = []
  }

  /** @param {(string | null)[]} values */
  dataRow(values) {
    if (this.tooLarge) return
    const plan = this.plan
    // The protocol sends a RowDescription before a statement's first DataRow.
    if (!plan) throw new Error('a data row arrived before its row description')
    let s = '{'
    for (let i = 0; i < plan.length; i++) {
      const p = plan[i]
      const v = values[p.index]
      s += p.key + (v === null ? 'null' : p.encode(v))
    }
    this.size += s.length + 1
    if (this.size > this.maxChars) return this.overflow()
    this.rows.push(s + '}')
  }

  overflow() {
    this.tooLarge = true
    this.rows = []
    this.statements = []
    this.lastRows = []
  }

  /** The error to answer when the result was too large (SQLSTATE 54000: program limit exceeded). */
  tooLargeError() {
    const mb = Math.round(this.maxChars / (1024 * 1024))
    return {
      message: `The result is larger than ${mb} MB, so it was not returned. Add a LIMIT, or select fewer rows or columns.`,
      code: '54000',
    }
  }

  /** Ends a statement (with or without a result set). @param {string} tag */
  commandComplete(tag) {
    if (this.tooLarge) {
      // keep counting nothing: the run will be answered with tooLargeError()
    } else if (this.shape === 'last') {
      this.lastRows = this.rows
    } else {
      const { command, rowCount } = parseCommandTag(tag)
      this.lastTagCount = rowCount
      this.statements.push(
        `{"command":${JSON.stringify(command)},"rowCount":${rowCount === null ? 'null' : rowCount},` +
          `"columns":${JSON.stringify(this.columns ?? [])},"rows":[${this.rows.join(',')}]}`
      )
    }
    this.columns = null
    this.plan = null
    this.rows = []
  }

  /**
   * The run's row count for the query history, known without reading the JSON again: 'last', the
   * rows answered; 'all', the last statement's count (rows returned or affected; null without one).
   * @returns {number | null}
   */
  get rowCount() {
    return this.shape === 'last' ? this.lastRows.length : this.lastTagCount
  }

  /** @returns {string} */
  toJson() {
    return this.shape === 'last' ? `[${this.lastRows.join(',')}]` : `[${this.statements.join(',')}]`
  }
}

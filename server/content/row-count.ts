/**
 * The row count of a SQL run, read from the JSON the project database answered, for the query
 * history. Results can be many megabytes: parsing them into objects only to count would cost more
 * than the run's own answer, so this walks the bytes once, jumping over strings with a native
 * search for the closing quote.
 */
import type { RunShape } from '../databases/types'

const QUOTE = 0x22
const BACKSLASH = 0x5c
const COMMA = 0x2c
const COLON = 0x3a
const OPEN = new Set([0x5b, 0x7b]) // [ {
const CLOSE = new Set([0x5d, 0x7d]) // ] }
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/** Index just past the string that opens at `start`. */
function skipString(json: Uint8Array, start: number): number {
  let from = start + 1
  for (;;) {
    const quote = json.indexOf(QUOTE, from)
    if (quote === -1) return json.length
    let backslashes = 0
    for (let j = quote - 1; json[j] === BACKSLASH; j--) backslashes++
    if (backslashes % 2 === 0) return quote + 1
    from = quote + 1
  }
}

const ROW_COUNT_KEY = new TextEncoder().encode('"rowCount"')

function isRowCountKey(json: Uint8Array, start: number, end: number): boolean {
  if (end - start !== ROW_COUNT_KEY.length) return false
  for (let i = 0; i < ROW_COUNT_KEY.length; i++) if (json[start + i] !== ROW_COUNT_KEY[i]) return false
  return true
}

/** The number (or null) that starts at `at`, after optional spaces. */
function readCount(json: Uint8Array, at: number): number | null {
  let i = at
  while (i < json.length && isSpace(json[i])) i++
  let value = 0
  let digits = 0
  while (i < json.length && json[i] >= 0x30 && json[i] <= 0x39) {
    value = value * 10 + (json[i] - 0x30)
    digits++
    i++
  }
  return digits ? value : null
}

/**
 * `last`: how many rows the array holds. `all`: the `rowCount` of the last statement (rows
 * returned, or affected; null for a statement without one). Null for anything unexpected.
 */
export function rowCountOf(json: Uint8Array, shape: RunShape): number | null {
  let depth = 0
  let items = 0
  let sawItem = false
  let lastRowCount: number | null = null
  for (let i = 0; i < json.length; ) {
    const c = json[i]
    if (c === QUOTE) {
      const end = skipString(json, i)
      if (depth === 1) sawItem = true
      // Inside one statement's object, a string followed by a colon is one of its keys.
      if (shape === 'all' && depth === 2) {
        let next = end
        while (next < json.length && isSpace(json[next])) next++
        if (json[next] === COLON && isRowCountKey(json, i, end)) lastRowCount = readCount(json, next + 1)
      }
      i = end
      continue
    }
    if (OPEN.has(c)) {
      if (depth === 1) sawItem = true
      depth++
    } else if (CLOSE.has(c)) depth--
    else if (depth === 1 && c === COMMA) items++
    else if (depth === 1 && !isSpace(c)) sawItem = true
    i++
  }
  if (shape === 'last') return sawItem ? items + 1 : 0
  return lastRowCount
}

/**
 * Pure helpers that turn a Postgres error position into a place in the editor.
 *
 * Postgres reports `position` as a 1-based count of *characters* (code points) into the query it
 * received. The editor (Monaco) and JavaScript strings count UTF-16 code units, so an emoji before
 * the error shifts everything by one unless converted. Indexes below are 0-based UTF-16 offsets,
 * the same unit as Monaco's `model.getOffsetAt`; lines and columns are 1-based, as Monaco counts.
 */

export type LineColumn = { line: number; column: number }

/**
 * Postgres error position (1-based, in characters) → 0-based UTF-16 index into `sql`.
 * Out-of-range or invalid positions are clamped into the text.
 */
export function pgPositionToIndex(sql: string, position: number): number {
  if (!Number.isFinite(position) || position <= 1) return 0
  let remaining = Math.floor(position) - 1
  let index = 0
  while (remaining > 0 && index < sql.length) {
    const code = sql.charCodeAt(index)
    const isHighSurrogate = code >= 0xd800 && code <= 0xdbff
    const next = sql.charCodeAt(index + 1)
    const isPair = isHighSurrogate && next >= 0xdc00 && next <= 0xdfff
    index += isPair ? 2 : 1
    remaining -= 1
  }
  return Math.min(index, sql.length)
}

/**
 * 0-based UTF-16 index → 1-based line and column. `\n`, `\r\n` and a lone `\r` each end a line.
 * An index past the end points just after the last character.
 */
export function indexToLineColumn(text: string, index: number): LineColumn {
  const end = Math.max(0, Math.min(Math.floor(index), text.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    const ch = text.charCodeAt(i)
    if (ch === 10 /* \n */) {
      line += 1
      lineStart = i + 1
    } else if (ch === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) {
        // `\r\n`: the `\n` ends the line. If the index sits between the two, stay on this line.
        if (i + 1 === end) break
        i += 1
      }
      line += 1
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/**
 * An index into the text that ran → an index into the whole document. `ranFrom` is where the
 * text that ran starts in the document: 0 when the whole document ran, the selection's start
 * offset when only a selection ran.
 */
export function selectionIndexToDocumentIndex(indexInRanText: number, ranFrom: number): number {
  return Math.max(0, ranFrom) + Math.max(0, indexInRanText)
}

/**
 * Where a Postgres error points in the document: the document index and its line/column.
 * `ranSql` is exactly the string that was sent; `ranFrom` its start in `document`.
 */
export function locateSqlError({
  document,
  ranSql,
  ranFrom,
  position,
}: {
  document: string
  ranSql: string
  ranFrom: number
  position: number
}): LineColumn & { index: number } {
  const index = selectionIndexToDocumentIndex(pgPositionToIndex(ranSql, position), ranFrom)
  return { index, ...indexToLineColumn(document, index) }
}

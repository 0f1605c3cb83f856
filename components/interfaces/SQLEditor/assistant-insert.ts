/**
 * Where SQL from the AI assistant goes in the editor's text. A selection is replaced (the user
 * picked what to swap out); with a bare cursor the SQL never joins the line it is on: on a blank
 * line it goes at the cursor, otherwise on a new line after the cursor's line, so a statement being
 * written is never cut in two or glued to. Offsets are 0-based UTF-16, as Monaco's getOffsetAt.
 */
export type TextEdit = { start: number; end: number; text: string }

export function assistantInsertEdit(doc: string, selection: { start: number; end: number }, sql: string): TextEdit {
  const start = Math.max(0, Math.min(selection.start, selection.end, doc.length))
  const end = Math.min(doc.length, Math.max(selection.start, selection.end))
  if (start !== end) return { start, end, text: sql }

  const lineStart = Math.max(doc.lastIndexOf('\n', start - 1) + 1, 0)
  const newline = doc.indexOf('\n', start)
  const lineEnd = newline === -1 ? doc.length : newline
  // A \r\n file: the line's own text stops before the \r.
  const eol = doc[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd
  const line = doc.slice(lineStart, eol)
  if (line.trim() === '') return { start, end: start, text: sql }
  return { start: eol, end: eol, text: `${doc.includes('\r\n') ? '\r\n' : '\n'}${sql}` }
}

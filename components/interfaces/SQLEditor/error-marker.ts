import type * as Monaco from 'monaco-editor'
import type { SqlRunError } from '@/state/sql-editor'

/** A run's error as a Monaco marker: the word at the error's place, or the character before a line's end. */
export function errorMarker(
  monaco: typeof Monaco,
  model: Monaco.editor.ITextModel,
  error: SqlRunError,
  location: { line: number; column: number }
): Monaco.editor.IMarkerData {
  const line = Math.min(Math.max(location.line, 1), model.getLineCount())
  const maxColumn = model.getLineMaxColumn(line)
  let startColumn = Math.min(Math.max(location.column, 1), maxColumn)
  const word = model.getWordAtPosition({ lineNumber: line, column: startColumn })
  let endColumn = word && word.startColumn === startColumn ? word.endColumn : Math.min(startColumn + 1, maxColumn)
  // An error at the end of a line (e.g. "syntax error at end of input"): mark the last character.
  if (endColumn <= startColumn && startColumn > 1) {
    endColumn = startColumn
    startColumn -= 1
  }
  return {
    severity: monaco.MarkerSeverity.Error,
    message: error.message,
    code: error.code,
    startLineNumber: line,
    startColumn,
    endLineNumber: line,
    endColumn,
  }
}

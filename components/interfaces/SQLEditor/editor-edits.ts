/**
 * Changes to the editor's text made by the dashboard (Format, AI insert), as model edit operations
 * rather than setValue, so Ctrl/Cmd+Z undoes each in one step. Model edits also work in a
 * read-only editor (Monaco's `executeEdits` refuses there), which the AI insert relies on.
 */
import type * as Monaco from 'monaco-editor'
import { toast } from 'sonner'
import { assistantInsertEdit } from './assistant-insert'

type Editor = Monaco.editor.IStandaloneCodeEditor

/** Replaces `range` with `text` as one undo step and puts the cursor after it. */
export function replaceRange(editor: Editor, range: Monaco.IRange & { getStartPosition(): Monaco.IPosition }, text: string) {
  const model = editor.getModel()
  if (!model) return
  const start = model.getOffsetAt(range.getStartPosition())
  model.pushStackElement()
  model.pushEditOperations(editor.getSelections() ?? [], [{ range, text, forceMoveMarkers: true }], () => null)
  model.pushStackElement()
  editor.setPosition(model.getPositionAt(start + text.length))
}

/** The selection when there is one, else the whole text. */
function selectionOrAll(editor: Editor, model: Monaco.editor.ITextModel) {
  const selection = editor.getSelection()
  return selection && !selection.isEmpty() ? selection : model.getFullModelRange()
}

/**
 * Formats the selection (or everything); SQL the formatter cannot read stays as it was, with a
 * toast saying why. The formatter (a large library) is downloaded the first time it is used; text
 * changed while it arrives is left alone.
 */
export async function formatInEditor(editor: Editor) {
  const model = editor.getModel()
  if (!model) return
  const range = selectionOrAll(editor, model)
  const text = model.getValueInRange(range)
  if (!text.trim()) return
  const { formatSql } = await import('@/lib/sql/format')
  if (editor.getModel() !== model || model.getValueInRange(range) !== text) return
  const { sql, error } = formatSql(text)
  if (error) {
    toast.error(`Could not format the SQL: ${error}`)
    return
  }
  if (sql !== text) replaceRange(editor, range, sql)
  editor.focus()
}

/**
 * Puts SQL from the AI assistant in: over the selection, or on a line of its own (see
 * assistant-insert.ts for the rule), and focuses the editor.
 */
export function insertAssistantSql(editor: Editor, sql: string) {
  const model = editor.getModel()
  const selection = editor.getSelection()
  if (!model || !selection) return
  const offsets = { start: model.getOffsetAt(selection.getStartPosition()), end: model.getOffsetAt(selection.getEndPosition()) }
  const edit = assistantInsertEdit(model.getValue(), offsets, sql)
  const from = model.getPositionAt(edit.start)
  const to = model.getPositionAt(edit.end)
  const range = { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column }
  replaceRange(editor, { ...range, getStartPosition: () => from }, edit.text)
  editor.focus()
}

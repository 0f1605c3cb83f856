/**
 * Changes to the editor's text made by the dashboard (Format, AI insert), as model edit operations
 * rather than setValue, so Ctrl/Cmd+Z undoes each in one step. Model edits also work in a
 * read-only editor (Monaco's `executeEdits` refuses there), which the AI insert relies on.
 */
import type * as Monaco from 'monaco-editor'
import { toast } from 'sonner'
import { formatSql } from '@/lib/sql/format'

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

/** Formats the selection (or everything); SQL the formatter cannot read stays as it was, with a toast saying why. */
export function formatInEditor(editor: Editor) {
  const model = editor.getModel()
  if (!model) return
  const range = selectionOrAll(editor, model)
  const text = model.getValueInRange(range)
  if (!text.trim()) return
  const { sql, error } = formatSql(text)
  if (error) {
    toast.error(`Could not format the SQL: ${error}`)
    return
  }
  if (sql !== text) replaceRange(editor, range, sql)
  editor.focus()
}

/** Puts `text` at the cursor (replacing a selection, as typing would) and focuses the editor. */
export function insertAtCursor(editor: Editor, text: string) {
  const selection = editor.getSelection()
  if (!selection) return
  replaceRange(editor, selection, text)
  editor.focus()
}

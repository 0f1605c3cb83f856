/**
 * The panel's SQL text in Monaco, the SQL editor's editor (highlighting, the app's theme), loaded
 * in the browser only. The text lives in the panel's state: Monaco reports every change, and a
 * value set from outside (a template picked, the panel re-opened with other SQL) is written into
 * its model as one edit. ⌘↵ / Ctrl↵ runs the text the editor holds: Monaco tells of an edit outside
 * React's events, so the panel's state (and the run handler it rendered) can still be a keystroke
 * or a paste behind when the keys come.
 */
import { useEffect, useRef } from 'react'
import type * as Monaco from 'monaco-editor'
import { SQL_MONACO_OPTIONS, SqlMonacoEditor } from '@/components/interfaces/SQLEditor/SqlMonacoEditor'

type Editor = Monaco.editor.IStandaloneCodeEditor

const OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  ...SQL_MONACO_OPTIONS,
  lineNumbers: 'off',
  folding: false,
  wordWrap: 'on',
  placeholder: 'Write SQL here, or start from a template below',
}

export function PanelSqlEditor({ value, onChange, onRun }: { value: string; onChange: (sql: string) => void; onRun: (sql: string) => void }) {
  const editorRef = useRef<Editor | null>(null)
  const runRef = useRef(onRun)
  useEffect(() => {
    runRef.current = onRun
  })

  // A value from outside: into the model, unless it is what the model holds (the user's typing).
  useEffect(() => {
    const model = editorRef.current?.getModel()
    if (model && model.getValue() !== value) model.setValue(value)
  }, [value])

  const onMount = (editor: Editor, monaco: typeof Monaco) => {
    editorRef.current = editor
    editor.addAction({ id: 'editor-panel.run', label: 'Run SQL', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter], run: () => runRef.current(editor.getModel()?.getValue() ?? '') })
    const model = editor.getModel()
    if (model && model.getValue() !== value) model.setValue(value)
    editor.focus()
  }

  return (
    <SqlMonacoEditor
      defaultValue={value}
      options={OPTIONS}
      onMount={onMount}
      onChange={(next) => onChange(next ?? '')}
    />
  )
}

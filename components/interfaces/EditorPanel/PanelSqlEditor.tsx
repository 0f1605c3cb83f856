/**
 * The panel's SQL text in Monaco, the SQL editor's editor (highlighting, the app's theme), loaded
 * in the browser only. The text lives in the panel's state: Monaco reports every change, and a
 * value set from outside (a template picked, the panel re-opened with other SQL) is written into
 * its model as one edit. ⌘↵ / Ctrl↵ runs.
 */
import dynamic from 'next/dynamic'
import { useEffect, useRef } from 'react'
import type * as Monaco from 'monaco-editor'
import { Spinner } from '@/components/ui'
import { useMonacoTheme } from '@/components/interfaces/SQLEditor/useMonacoTheme'

function EditorLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-2 text-sm text-foreground-light">
      <Spinner label={null} />
      <span>Loading editor…</span>
    </div>
  )
}

const MonacoEditor = dynamic(() => import('@/components/interfaces/SQLEditor/MonacoEditor'), { ssr: false, loading: EditorLoading })

type Editor = Monaco.editor.IStandaloneCodeEditor

const OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  lineNumbers: 'off',
  folding: false,
  fontSize: 13,
  tabSize: 2,
  wordWrap: 'on',
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  padding: { top: 8 },
  placeholder: 'Write SQL here, or start from a template below',
}

export function PanelSqlEditor({ value, onChange, onRun }: { value: string; onChange: (sql: string) => void; onRun: () => void }) {
  const monacoTheme = useMonacoTheme()
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
    editor.addAction({ id: 'editor-panel.run', label: 'Run SQL', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter], run: () => runRef.current() })
    const model = editor.getModel()
    if (model && model.getValue() !== value) model.setValue(value)
    editor.focus()
  }

  return (
    <MonacoEditor
      height="100%"
      language="sql"
      defaultValue={value}
      theme={monacoTheme.theme}
      beforeMount={monacoTheme.beforeMount}
      options={OPTIONS}
      loading={<EditorLoading />}
      onMount={onMount}
      onChange={(next) => onChange(next ?? '')}
    />
  )
}

/**
 * A function's TypeScript in the SQL editor's Monaco (the same bundled copy, in the app's theme),
 * loaded in the browser only. Ctrl/Cmd+S deploys (`onSave`), as it saves a snippet there.
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

const OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  padding: { top: 8 },
}

export function FunctionCodeEditor({ path, value, onChange, onSave, label }: { path: string; value: string; onChange: (value: string) => void; onSave?: () => void; label: string }) {
  const monacoTheme = useMonacoTheme()
  // Monaco's action is made once, at mount: it calls the latest handler through this ref.
  const save = useRef(onSave)
  useEffect(() => {
    save.current = onSave
  }, [onSave])
  return (
    <div className="h-[28rem] min-h-64 overflow-hidden rounded-md border border-border" aria-label={label} role="group">
      <MonacoEditor
        height="100%"
        language="typescript"
        path={path}
        theme={monacoTheme.theme}
        beforeMount={monacoTheme.beforeMount}
        loading={<EditorLoading />}
        defaultValue={value}
        options={OPTIONS}
        onChange={(next) => onChange(next ?? '')}
        onMount={(editor, monaco) => {
          editor.addAction({ id: 'deploy-function', label: 'Deploy the function', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS], run: () => save.current?.() })
        }}
      />
    </div>
  )
}

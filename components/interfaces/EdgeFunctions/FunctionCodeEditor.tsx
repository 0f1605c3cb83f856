/**
 * A function's TypeScript in the SQL editor's Monaco (the same bundled copy, in the app's theme),
 * loaded in the browser only. Ctrl/Cmd+S deploys (`onSave`), as it saves a snippet there.
 */
import { useEffect, useRef } from 'react'
import { SQL_MONACO_OPTIONS, SqlMonacoEditor } from '@/components/interfaces/SQLEditor/SqlMonacoEditor'

export function FunctionCodeEditor({ path, value, onChange, onSave, label }: { path: string; value: string; onChange: (value: string) => void; onSave?: () => void; label: string }) {
  // Monaco's action is made once, at mount: it calls the latest handler through this ref.
  const save = useRef(onSave)
  useEffect(() => {
    save.current = onSave
  }, [onSave])
  return (
    <div className="h-[28rem] min-h-64 overflow-hidden rounded-md border border-border" aria-label={label} role="group">
      <SqlMonacoEditor
        language="typescript"
        path={path}
        defaultValue={value}
        options={SQL_MONACO_OPTIONS}
        onChange={(next) => onChange(next ?? '')}
        onMount={(editor, monaco) => {
          editor.addAction({ id: 'deploy-function', label: 'Deploy the function', keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS], run: () => save.current?.() })
        }}
      />
    </div>
  )
}

/**
 * Monaco for SQL, as the SQL editor and the SQL panel show it: loaded in the browser only (the
 * bundled copy of MonacoEditor.tsx, a spinner meanwhile), in the app's theme, filling its box. The
 * edge functions' editor shows TypeScript in the same one (`language`).
 * Callers pass their options (start from SQL_MONACO_OPTIONS, as a constant or memoised: a new
 * object on every render makes Monaco update its options every time) and their handlers.
 */
import dynamic from 'next/dynamic'
import type { EditorProps } from '@monaco-editor/react'
import type * as Monaco from 'monaco-editor'
import { Spinner } from '@/components/ui'
import { useMonacoTheme } from './useMonacoTheme'

function EditorLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-2 text-sm text-foreground-light">
      <Spinner label={null} />
      <span>Loading editor…</span>
    </div>
  )
}

const MonacoEditor = dynamic(() => import('./MonacoEditor'), { ssr: false, loading: EditorLoading })

/** What both SQL editors share; each adds its own (line numbers, wrapping, placeholder …). */
export const SQL_MONACO_OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  padding: { top: 8 },
}

export type SqlMonacoEditorProps = Pick<EditorProps, 'path' | 'defaultValue' | 'options' | 'onMount' | 'onChange'> & { language?: 'sql' | 'typescript' }

export function SqlMonacoEditor({ language = 'sql', ...props }: SqlMonacoEditorProps) {
  const monacoTheme = useMonacoTheme()
  return (
    <MonacoEditor
      height="100%"
      language={language}
      theme={monacoTheme.theme}
      beforeMount={monacoTheme.beforeMount}
      loading={<EditorLoading />}
      {...props}
    />
  )
}

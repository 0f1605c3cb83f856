import { Eye, Play } from 'lucide-react'
import dynamic from 'next/dynamic'
import { useTheme } from 'next-themes'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import type * as Monaco from 'monaco-editor'
import { Button, Spinner } from '@/components/ui'
import { useSqlRunMutation } from '@/data/sql/sql-run-mutation'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useCan } from '@/data/profile/use-can'
import {
  setSnippetError,
  setSnippetResults,
  setSnippetRunning,
  setSnippetSql,
  sqlEditorState,
  type SqlRunError,
  type SqlRunOutcome,
} from '@/state/sql-editor'
import { ResultsPanel } from './ResultsPanel'
import { SplitHandle } from './SplitHandle'
import { toRunError } from './SQLEditor.utils'
import { useRunShortcutLabel } from './useRunShortcutLabel'

const MARKER_OWNER = 'sql-editor-run'

function EditorLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-2 text-sm text-foreground-light">
      <Spinner label={null} />
      <span>Loading editor…</span>
    </div>
  )
}

const MonacoEditor = dynamic(() => import('./MonacoEditor'), { ssr: false, loading: EditorLoading })

type Editor = Monaco.editor.IStandaloneCodeEditor
type MonacoApi = typeof Monaco

const EDITOR_OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  automaticLayout: true,
  minimap: { enabled: false },
  fontSize: 13,
  tabSize: 2,
  scrollBeyondLastLine: false,
  fixedOverflowWidgets: true,
  renderLineHighlight: 'line',
  padding: { top: 8 },
  placeholder: 'Write SQL here…',
}

export type SQLEditorProps = { projectRef: string; id: string }

/**
 * The SQL editor screen: Monaco on top, a toolbar with Run (⌘↵ / Ctrl↵, or the toolbar button;
 * runs only the selection when there is one), a draggable split, and the results below. Editor
 * text and the last outcome live per project and snippet `id` in `state/sql-editor`.
 */
export function SQLEditor({ projectRef, id }: SQLEditorProps) {
  // Snippet ids are per project ('new' exists in every project): key the state by both.
  const key = `${projectRef}/${id}`
  const editorRef = useRef<Editor | null>(null)
  const monacoRef = useRef<MonacoApi | null>(null)
  const containerRef = useRef<HTMLDivElement>(null)
  const [mounted, setMounted] = useState(false)
  const [fraction, setFraction] = useState(0.5)
  const { resolvedTheme } = useTheme()
  const { mutateAsync } = useSqlRunMutation()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  // Every member may run SQL; without sql:write it runs with read privileges only (the platform
  // enforces it in the database), which the toolbar says.
  const canRun = useCan('sql:run', project && { id: project.organization_id })
  const canWrite = useCan('sql:write', project && { id: project.organization_id })

  const snap = useSnapshot(sqlEditorState)
  const running = snap.snippets[key]?.running ?? false
  // A frozen snapshot (deeply readonly in its type); its results are the stored `ref`, not a copy.
  const lastRun = (snap.snippets[key]?.lastRun ?? null) as SqlRunOutcome | null

  const run = useCallback(async () => {
    const editor = editorRef.current
    const model = editor?.getModel()
    if (!editor || !model || !canRun || sqlEditorState.snippets[key]?.running) return

    const document = model.getValue()
    const selection = editor.getSelection()
    const onlySelection = !!selection && !selection.isEmpty()
    const sql = onlySelection ? model.getValueInRange(selection) : document
    const ranFrom = onlySelection ? model.getOffsetAt(selection.getStartPosition()) : 0
    if (!sql.trim()) return

    monacoRef.current?.editor.setModelMarkers(model, MARKER_OWNER, [])
    setSnippetRunning(key, true)
    const started = performance.now()
    try {
      const data = await mutateAsync({ projectRef, sql })
      setSnippetResults(key, data.results, data.durationMs ?? performance.now() - started)
    } catch (error) {
      setSnippetError(key, toRunError(error, { document, sql, ranFrom }), performance.now() - started)
    }
  }, [key, projectRef, mutateAsync, canRun])

  // Monaco's action is registered once per editor: it calls whatever `run` is current.
  const runRef = useRef(run)
  useEffect(() => {
    runRef.current = run
  }, [run])

  const onMount = useCallback((editor: Editor, monaco: MonacoApi) => {
    editorRef.current = editor
    monacoRef.current = monaco
    editor.addAction({
      id: 'sql-editor.run',
      label: 'Run query (selection, if any)',
      keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 0,
      run: () => void runRef.current(),
    })
    editor.focus()
    setMounted(true)
  }, [])

  // The last error's place, as a marker in the editor (also after a remount or a snippet switch).
  useEffect(() => {
    const editor = editorRef.current
    const monaco = monacoRef.current
    const model = editor?.getModel()
    if (!mounted || !monaco || !model) return
    const location = lastRun?.error?.location
    monaco.editor.setModelMarkers(
      model,
      MARKER_OWNER,
      location && lastRun?.error ? [errorMarker(monaco, model, lastRun.error, location)] : []
    )
  }, [mounted, key, lastRun])

  const theme = resolvedTheme === 'dark' || resolvedTheme === 'classic-dark' ? 'vs-dark' : 'vs'

  return (
    <div ref={containerRef} className="flex h-full min-h-0 flex-col bg-background">
      <Toolbar id={key} running={running} canRun={canRun} readOnly={canRun && !canWrite} onRun={() => void run()} />
      <div className="min-h-0" style={{ flex: `0 0 ${fraction * 100}%` }} data-testid="sql-editor-monaco">
        <MonacoEditor
          height="100%"
          language="sql"
          path={`sql-editor/${key}.sql`}
          defaultValue={sqlEditorState.snippets[key]?.sql ?? ''}
          theme={theme}
          options={EDITOR_OPTIONS}
          loading={<EditorLoading />}
          onMount={onMount}
          onChange={(value) => setSnippetSql(key, value ?? '')}
        />
      </div>
      <SplitHandle containerRef={containerRef} fraction={fraction} onChange={setFraction} />
      <div className="min-h-0 flex-1">
        <ResultsPanel outcome={lastRun} running={running} />
      </div>
    </div>
  )
}

/** The toolbar reads the text itself so typing re-renders only it, not the editor screen. */
function Toolbar({ id, running, canRun, readOnly, onRun }: { id: string; running: boolean; canRun: boolean; readOnly: boolean; onRun: () => void }) {
  const snap = useSnapshot(sqlEditorState)
  const empty = !(snap.snippets[id]?.sql ?? '').trim()
  const shortcut = useRunShortcutLabel()
  return (
    <div className="flex h-10 shrink-0 items-center justify-end gap-2 border-b border-border bg-surface px-3">
      {readOnly && (
        <span
          className="mr-auto inline-flex items-center gap-1 text-xs text-foreground-light"
          title="Your role in this organization reads data but does not change it: your SQL runs with read privileges only."
          data-testid="sql-editor-read-only"
        >
          <Eye size={14} aria-hidden="true" />
          Read-only
        </span>
      )}
      <Button
        type="primary"
        size="tiny"
        loading={running}
        disabled={empty || !canRun}
        icon={<Play size={14} aria-hidden="true" />}
        iconRight={
          <kbd aria-hidden="true" className="font-mono text-[11px] opacity-70">
            {shortcut}
          </kbd>
        }
        onClick={onRun}
        aria-keyshortcuts="Meta+Enter Control+Enter"
        title={
          !canRun
            ? 'Your role in this organization cannot run SQL'
            : empty
              ? 'Write some SQL to run'
              : 'Runs the selection if there is one, else everything'
        }
      >
        Run
      </Button>
    </div>
  )
}

function errorMarker(
  monaco: MonacoApi,
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

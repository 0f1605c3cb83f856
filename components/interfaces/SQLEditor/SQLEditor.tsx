import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSnapshot } from 'valtio'
import type * as Monaco from 'monaco-editor'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useCan } from '@/data/profile/use-can'
import type { Content } from '@/lib/api-types'
import type { PendingSave } from '@/lib/sql-editor/pending-saves'
import { setSnippetSql, sqlEditorState, type SqlActiveRun, type SqlRunError, type SqlRunOutcome } from '@/state/sql-editor'
import { ConflictModal } from './ConflictModal'
import { DestructiveConfirmModal } from './DestructiveConfirmModal'
import { formatInEditor } from './editor-edits'
import { errorMarker } from './error-marker'
import { EditorResultsSplit } from './EditorResultsSplit'
import { EditorToolbar } from './EditorToolbar'
import { ResultsPanel } from './ResultsPanel'
import { RestoredNotice } from './RestoredNotice'
import { SaveIndicator } from './SaveIndicator'
import { SQL_MONACO_OPTIONS, SqlMonacoEditor } from './SqlMonacoEditor'
import { useAssistantSqlInsert } from './useAssistantSqlInsert'
import { useConflictChoice } from './useConflictChoice'
import { useRowLimit } from './useRowLimit'
import { useRunQuery } from './useRunQuery'
import { useSaveShortcut } from './useSaveShortcut'
import { useSchemaCompletion } from './useSchemaCompletion'
import { useSnippetSaver } from './useSnippetSaver'

const MARKER_OWNER = 'sql-editor-run'
/** Monaco context key: true while a run is under way, so Escape cancels it then and only then. */
const RUNNING_CONTEXT = 'sqlEditorRunning'

type Editor = Monaco.editor.IStandaloneCodeEditor
type MonacoApi = typeof Monaco

const EDITOR_OPTIONS: Monaco.editor.IStandaloneEditorConstructionOptions = {
  ...SQL_MONACO_OPTIONS,
  renderLineHighlight: 'line',
  placeholder: 'Write SQL here…',
}

export type SQLEditorProps = {
  projectRef: string
  /** The route's id when the editor mounted: 'new', or a snippet's id. Keys the text and results. */
  id: string
  /** The snippet as loaded; null or absent for a new one. */
  snippet?: Content | null
  /** Unacknowledged text from an earlier visit: it wins over `snippet`, and is saved at once. */
  restored?: PendingSave | null
  /** Text to start from; absent: what the store holds (a library snippet put there by the page). */
  initialSql?: string
  /** False: shown and runnable, never saved (a shared snippet the caller's role may not change). */
  canSave?: boolean
  /** The first save made the snippet's id: the page puts it in the URL, keeping this editor. */
  onCreated?: (id: string) => void
  /** Before the toolbar's status (the sidebar toggle on a phone). */
  toolbarStart?: ReactNode
}

/**
 * The SQL editor screen: Monaco on top, a toolbar with the save status and Run (⌘↵ / Ctrl↵, or
 * the toolbar button; runs only the selection when there is one), a draggable split, and the
 * results below. The text autosaves (README.md: Saving); the last outcome lives in
 * `state/sql-editor`, per project and the id the editor was opened with.
 */
export function SQLEditor({ projectRef, id, snippet = null, restored = null, initialSql, canSave = true, onCreated, toolbarStart }: SQLEditorProps) {
  // Fixed for this mount: a new snippet keeps its text, results and Monaco model (cursor, undo)
  // when its first save gives it an id and the URL changes.
  const [key] = useState(() => {
    const storeKey = `${projectRef}/${id}`
    const start = restored?.sql ?? snippet?.content.sql ?? initialSql
    if (start !== undefined) setSnippetSql(storeKey, start)
    return storeKey
  })
  const editorRef = useRef<Editor | null>(null)
  const monacoRef = useRef<MonacoApi | null>(null)
  const [mounted, setMounted] = useState(false)
  const [rowLimit, setRowLimit] = useRowLimit()
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  // Every member may run SQL; without sql:write it runs with read privileges only (the platform
  // enforces it in the database), which the toolbar says.
  const canRun = useCan('sql:run', project && { id: project.organization_id })
  const canWrite = useCan('sql:write', project && { id: project.organization_id })

  const { saver, state: save } = useSnippetSaver({
    projectRef,
    id: snippet?.id ?? (id === 'new' ? null : id),
    snippet,
    restored,
    onCreated,
  })
  const canSaveRef = useRef(canSave)
  useEffect(() => {
    canSaveRef.current = canSave
  }, [canSave])

  const snap = useSnapshot(sqlEditorState)
  const running = snap.snippets[key]?.running ?? false
  // Only the error is read here: the outcome itself (which changes with every batch of streamed
  // rows) is read by LiveResults, so a streaming run re-renders the results, not the editor.
  const lastError = (snap.snippets[key]?.lastRun?.error ?? null) as SqlRunError | null
  const activeRun = (snap.snippets[key]?.activeRun ?? null) as SqlActiveRun | null

  const getText = useCallback(() => editorRef.current?.getModel()?.getValue() ?? sqlEditorState.snippets[key]?.sql ?? '', [key])
  const setText = useCallback(
    (sql: string) => {
      const model = editorRef.current?.getModel()
      // An edit operation, not setValue: "Use theirs" can be undone with Ctrl/Cmd+Z.
      if (model) model.pushEditOperations([], [{ range: model.getFullModelRange(), text: sql }], () => null)
      setSnippetSql(key, sql)
    },
    [key]
  )
  const conflict = useConflictChoice({ projectRef, saver, getText, setText })
  const saveNow = useCallback(() => void saver.flush(), [saver])
  useSaveShortcut(saveNow)

  const clearMarkers = useCallback(() => {
    const model = editorRef.current?.getModel()
    if (model) monacoRef.current?.editor.setModelMarkers(model, MARKER_OWNER, [])
  }, [])
  const { run, cancel, pending, confirm, dismiss } = useRunQuery({
    storeKey: key,
    projectRef,
    editorRef,
    canRun,
    // A Read-only member's runs cannot change data (the platform runs them read-only): no question.
    confirmDestructive: canWrite,
    rowLimit,
    onStart: clearMarkers,
  })
  const format = useCallback(() => {
    if (editorRef.current) void formatInEditor(editorRef.current)
  }, [])

  // Monaco's actions are registered once per editor: they call whatever is current.
  const runRef = useRef(run)
  const saveRef = useRef(saveNow)
  const cancelRef = useRef(cancel)
  const formatRef = useRef<(() => void) | null>(canSave ? format : null)
  useEffect(() => {
    runRef.current = run
    saveRef.current = saveNow
    cancelRef.current = cancel
    formatRef.current = canSave ? format : null
  }, [run, saveNow, cancel, format, canSave])
  const runningKey = useRef<Monaco.editor.IContextKey<boolean> | null>(null)

  const onMount = useCallback(
    (editor: Editor, monaco: MonacoApi) => {
      editorRef.current = editor
      monacoRef.current = monaco
      // A model kept from an earlier visit holds older text: this mount's text wins.
      const model = editor.getModel()
      const text = sqlEditorState.snippets[key]?.sql ?? ''
      if (model && model.getValue() !== text) model.setValue(text)
      editor.addAction({
        id: 'sql-editor.run',
        label: 'Run query (selection, if any)',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        contextMenuGroupId: 'navigation',
        contextMenuOrder: 0,
        run: () => void runRef.current(),
      })
      editor.addAction({
        id: 'sql-editor.save',
        label: 'Save snippet now',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyS],
        run: () => saveRef.current(),
      })
      editor.addAction({
        id: 'sql-editor.format',
        label: 'Format SQL (selection, if any)',
        keybindings: [monaco.KeyMod.Shift | monaco.KeyMod.Alt | monaco.KeyCode.KeyF],
        contextMenuGroupId: '1_modification',
        run: () => formatRef.current?.(),
      })
      runningKey.current = editor.createContextKey(RUNNING_CONTEXT, sqlEditorState.snippets[key]?.running ?? false)
      editor.addAction({
        id: 'sql-editor.cancel',
        label: 'Cancel the running query',
        keybindings: [monaco.KeyCode.Escape],
        // Only while running: otherwise Escape keeps closing Monaco's own widgets.
        keybindingContext: RUNNING_CONTEXT,
        precondition: RUNNING_CONTEXT,
        run: () => cancelRef.current(),
      })
      editor.onDidBlurEditorText(() => saveRef.current())
      editor.focus()
      setMounted(true)
    },
    [key]
  )

  const onChange = useCallback(
    (value: string | undefined) => {
      setSnippetSql(key, value ?? '')
      if (canSaveRef.current) saver.edit(value ?? '')
    },
    [key, saver]
  )

  useEffect(() => {
    runningKey.current?.set(running)
  }, [mounted, running])

  useAssistantSqlInsert(editorRef, mounted)
  useSchemaCompletion(projectRef, editorRef, monacoRef, mounted)

  // The last error's place, as a marker in the editor (also after a remount or a snippet switch).
  useEffect(() => {
    const editor = editorRef.current
    const monaco = monacoRef.current
    const model = editor?.getModel()
    if (!mounted || !monaco || !model) return
    const location = lastError?.location
    monaco.editor.setModelMarkers(model, MARKER_OWNER, location && lastError ? [errorMarker(monaco, model, lastError, location)] : [])
  }, [mounted, key, lastError])

  const options = useMemo(() => ({ ...EDITOR_OPTIONS, readOnly: !canSave }), [canSave])
  const status = save.status

  return (
    <div className="flex h-full min-h-0 flex-col bg-background">
      <EditorToolbar
        storeKey={key}
        running={running}
        canRun={canRun}
        readOnly={canRun && !canWrite}
        cannotSave={canSave ? null : 'View only: your role cannot change shared snippets'}
        onRun={run}
        activeRun={running ? activeRun : null}
        onCancel={cancel}
        rowLimit={rowLimit}
        onRowLimitChange={setRowLimit}
        onFormat={canSave ? format : undefined}
        start={toolbarStart}
        status={
          canSave && (
            <SaveIndicator
              status={status}
              exists={save.id !== null && (snippet !== null || status.kind !== 'idle')}
              savedAt={snippet?.updated_at}
              onSaveNow={saveNow}
              onResolveConflict={conflict.reopen}
            />
          )
        }
      />
      {restored && <RestoredNotice />}
      <EditorResultsSplit
        editor={
          <SqlMonacoEditor
            path={`sql-editor/${key}.sql`}
            defaultValue={sqlEditorState.snippets[key]?.sql ?? ''}
            options={options}
            onMount={onMount}
            onChange={onChange}
          />
        }
        results={<LiveResults storeKey={key} running={running} exportName={snippet?.name} />}
      />
      <DestructiveConfirmModal pending={pending} onConfirm={confirm} onCancel={dismiss} />
      {status.kind === 'conflict' && (
        <ConflictModal
          open={!conflict.dismissed}
          current={status.current}
          busy={conflict.busy}
          onChoose={(choice) => void conflict.choose(choice)}
          onClose={conflict.dismiss}
        />
      )}
    </div>
  )
}

/** The results of the snippet's last run, re-rendered on their own as streamed rows arrive. */
function LiveResults({ storeKey, running, exportName }: { storeKey: string; running: boolean; exportName?: string }) {
  const snap = useSnapshot(sqlEditorState)
  // A frozen snapshot (deeply readonly in its type); its results are the stored `ref`, not a copy.
  const outcome = (snap.snippets[storeKey]?.lastRun ?? null) as SqlRunOutcome | null
  return <ResultsPanel outcome={outcome} running={running} exportName={exportName} />
}

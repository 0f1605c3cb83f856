/**
 * The editor panel beside a project's pages (a full-screen overlay on phones), in the place the AI
 * assistant takes: one piece of SQL, seeded by whoever opened it (state/editor-panel.ts), with
 * templates to start from when it is empty, in Monaco as in the SQL editor. Save runs it in the
 * project's database, says how it went and shows the last statement's rows in the SQL editor's
 * result view; "Ask the assistant" hands the opener's prompt to the AI assistant (closing this panel).
 */
import { useEffect, useRef, useState } from 'react'
import { Play, Sparkles, SquareTerminal, X } from 'lucide-react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useSqlRunMutation } from '@/data/sql/sql-run-mutation'
import { closeEditorPanel, editorPanelState } from '@/state/editor-panel'
import { openAiAssistant } from '@/state/side-panels'
import type { RunResult } from '@/lib/sql/result-set'
import { runSummary } from './EditorPanel.utils'
import { PanelResults } from './PanelResults'
import { PanelSqlEditor } from './PanelSqlEditor'
import { RunOutcome } from './RunOutcome'
import { TemplateList } from './TemplateList'
import { EDITOR_PANEL_ID } from './EditorPanel.constants'

export { EDITOR_PANEL_ID }
export const DEFAULT_EDITOR_PANEL_LABEL = 'SQL'

export function EditorPanel({ projectRef }: { projectRef: string }) {
  const snap = useSnapshot(editorPanelState)
  const label = snap.label || DEFAULT_EDITOR_PANEL_LABEL
  const saveLabel = snap.saveLabel || 'Save'

  // The text is this panel's own; a new initial value (the panel re-opened with other SQL) replaces it.
  const [sql, setSql] = useState(snap.initialValue)
  const [seed, setSeed] = useState(snap.initialValue)
  if (seed !== snap.initialValue) {
    setSeed(snap.initialValue)
    setSql(snap.initialValue)
  }

  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  // Every member may run SQL; without sql:write the platform runs it read-only (SPEC §6).
  const canRun = useCan('sql:run', organization)
  const canWrite = useCan('sql:write', organization)

  const run = useSqlRunMutation()
  const [summary, setSummary] = useState<string | null>(null)
  // The last run's results, held outside any store; their rows are let go when replaced or closed.
  const [results, setResults] = useState<RunResult[] | null>(null)
  const resultsRef = useRef<RunResult[] | null>(null)
  const showResults = (next: RunResult[] | null) => {
    resultsRef.current?.forEach((result) => result.rows.release())
    resultsRef.current = next
    setResults(next)
  }
  const abortRef = useRef<AbortController | null>(null)
  // Closing the panel abandons a run under way (the platform then stops the query) and its rows.
  useEffect(
    () => () => {
      abortRef.current?.abort()
      resultsRef.current?.forEach((result) => result.rows.release())
    },
    []
  )

  const empty = sql.trim() === ''
  // ⌘↵ hands over the editor's own text, which may be newer than `sql` (see PanelSqlEditor).
  const save = (text = sql) => {
    if (text.trim() === '' || !canRun || run.isPending) return
    abortRef.current = new AbortController()
    setSummary(null)
    showResults(null)
    run.mutate(
      { projectRef, sql: text, signal: abortRef.current.signal },
      {
        onSuccess: (data) => {
          setSummary(runSummary(data))
          showResults(data.results)
        },
      }
    )
  }

  return (
    <aside
      id={EDITOR_PANEL_ID}
      aria-label={label}
      onKeyDown={(e) => {
        if (e.key === 'Escape') closeEditorPanel()
      }}
      className="fixed inset-0 z-40 flex flex-col bg-surface md:static md:inset-auto md:z-auto md:w-96 md:shrink-0 md:border-l md:border-border lg:w-[28rem]"
    >
      <header className="flex h-10 shrink-0 items-center gap-2 border-b border-border px-3">
        <SquareTerminal size={16} aria-hidden className="text-foreground-light" />
        <h2 className="flex-1 truncate text-sm font-medium text-foreground">{label}</h2>
        <Button size="tiny" type="text" icon={<X size={14} aria-hidden />} aria-label={`Close ${label}`} title="Close (Esc)" onClick={closeEditorPanel} />
      </header>

      <div className="flex min-h-0 flex-1 flex-col">
        <div className={sql === '' ? 'h-28 shrink-0' : 'min-h-32 flex-1'}>
          <PanelSqlEditor value={sql} onChange={setSql} onRun={save} />
        </div>
        {sql === '' && <TemplateList templates={snap.templates} onPick={(template) => setSql(template.content)} />}
        {run.isSuccess && results && <PanelResults results={results} />}
      </div>

      <footer className="flex shrink-0 flex-col gap-2 border-t border-border p-3">
        <RunOutcome summary={run.isSuccess ? summary : null} error={run.error} sql={run.variables?.sql ?? sql} />
        {canRun && !canWrite && <p className="text-xs text-foreground-light">Your role runs SQL read-only: changes to data or schema are refused.</p>}
        <div className="flex items-center gap-2">
          {snap.initialPrompt && (
            <Button size="tiny" type="default" icon={<Sparkles size={14} aria-hidden />} onClick={() => openAiAssistant(snap.initialPrompt)}>
              Ask the assistant
            </Button>
          )}
          <span className="flex-1" />
          <Button size="tiny" type="text" onClick={closeEditorPanel}>
            Cancel
          </Button>
          <Button
            size="tiny"
            type="primary"
            icon={<Play size={14} aria-hidden />}
            loading={run.isPending}
            disabled={empty || !canRun}
            aria-keyshortcuts="Meta+Enter Control+Enter"
            title={!canRun ? 'Your role in this organization cannot run SQL' : empty ? 'Write some SQL first' : 'Runs the SQL in the project database (⌘↵ / Ctrl↵)'}
            onClick={() => save()}
          >
            {run.isPending ? 'Running…' : saveLabel}
          </Button>
        </div>
      </footer>
    </aside>
  )
}

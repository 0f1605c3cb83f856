import clsx from 'clsx'
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Alert, Spinner } from '@/components/ui'
import type { RunResult } from '@/lib/sql/result-set'
import type { RunNotice } from '@/lib/sql/run-stream'
import type { SqlRunError, SqlRunOutcome } from '@/state/sql-editor'
import { resultStatus, resultSummary, streamingStatus } from './ResultsPanel.utils'
import { resultCutNotice } from './run-outcome'
import { ResultView } from './ResultView'
import { useRunShortcutLabel } from './useRunShortcutLabel'

export type ResultsPanelProps = {
  /** The last run's outcome; null before the first run. */
  outcome: SqlRunOutcome | null
  running?: boolean
  /** The snippet's name: exports are saved as "<name>.csv" ("results.csv" without one). */
  exportName?: string
  className?: string
}

/**
 * What the last run answered: an empty state, a spinner, the Postgres error (or a cancelled run's
 * notice), or one tab per statement (the last one selected) with its rows (`ResultView`: export,
 * copy, the grid or an EXPLAIN plan) and a status line.
 */
export function ResultsPanel({ outcome, running = false, exportName, className }: ResultsPanelProps) {
  // Rows already streaming in are shown while the run goes on; before its first rows, a spinner.
  const streaming = running && !!outcome?.streaming
  return (
    <section
      aria-label="Results"
      aria-busy={running}
      // Read here so that valtio re-renders the panel with every batch of streamed rows.
      data-progress={outcome?.progress ?? 0}
      className={clsx('flex h-full min-h-0 flex-col bg-surface', className)}
    >
      {running && !streaming ? (
        <CenteredMessage>
          <Spinner label={null} />
          <span>Running query…</span>
        </CenteredMessage>
      ) : !outcome ? (
        <EmptyResults />
      ) : outcome.error && outcome.cancelled ? (
        // The user asked for it: a plain notice, not a failure.
        <CenteredMessage>
          <p role="status">{outcome.error.message}</p>
        </CenteredMessage>
      ) : outcome.error ? (
        <ErrorPanel error={outcome.error} />
      ) : (
        <StatementResults
          results={outcome.results ?? []}
          durationMs={outcome.durationMs}
          cutNotice={streaming ? null : resultCutNotice(outcome)}
          exportName={exportName}
          streaming={streaming}
        />
      )}
      {outcome && !(running && !streaming) && <Notices notices={outcome.notices ?? []} />}
    </section>
  )
}

function CenteredMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center gap-2 p-6 text-center text-sm text-foreground-light">
      {children}
    </div>
  )
}

function EmptyResults() {
  const shortcut = useRunShortcutLabel()
  return (
    <CenteredMessage>
      <p>
        Run a query to see its results here{' '}
        <kbd className="ml-1 rounded border border-border bg-surface-raised px-1.5 py-0.5 font-mono text-xs text-foreground-light">
          {shortcut}
        </kbd>
      </p>
    </CenteredMessage>
  )
}

function ErrorPanel({ error }: { error: SqlRunError }) {
  return (
    <div className="min-h-0 flex-1 overflow-auto p-3">
      <Alert
        variant="danger"
        title={<span className="font-mono break-words whitespace-pre-wrap text-destructive">{error.message}</span>}
        data-testid="sql-error"
      >
        <div className="space-y-1 font-mono text-xs">
          {error.location && (
            <p>
              at line {error.location.line}, column {error.location.column}
            </p>
          )}
          {error.detail && <p className="whitespace-pre-wrap">Detail: {error.detail}</p>}
          {error.hint && <p className="whitespace-pre-wrap">Hint: {error.hint}</p>}
          {error.code && <p className="text-foreground-lighter">SQLSTATE {error.code}</p>}
        </div>
      </Alert>
    </div>
  )
}

/** What the database said along the way (RAISE NOTICE, "… does not exist, skipping"), folded. */
function Notices({ notices }: { notices: RunNotice[] }) {
  if (notices.length === 0) return null
  return (
    <details className="max-h-40 shrink-0 overflow-auto border-t border-border bg-background px-3 py-1 text-xs">
      <summary className="cursor-pointer text-foreground-light">
        {notices.length === 1 ? '1 notice' : `${notices.length.toLocaleString('en-US')} notices`}
      </summary>
      <ul className="mt-1 space-y-1 font-mono">
        {notices.map((notice, i) => (
          <li key={i}>
            <span className="text-foreground-lighter">{notice.severity}: </span>
            <span className="whitespace-pre-wrap">{notice.message}</span>
            {notice.detail && <p className="whitespace-pre-wrap text-foreground-light">Detail: {notice.detail}</p>}
            {notice.hint && <p className="whitespace-pre-wrap text-foreground-light">Hint: {notice.hint}</p>}
          </li>
        ))}
      </ul>
    </details>
  )
}

function StatementResults({
  results,
  durationMs,
  cutNotice,
  exportName,
  streaming,
}: {
  results: RunResult[]
  durationMs: number
  /** Said of the last result set: the one the row limit was added to, or the one the result budget cut. */
  cutNotice: string | null
  exportName?: string
  /**
   * Rows are still arriving: the results are the same arrays, growing; this re-renders with each
   * `progress` of the outcome and reads the counts anew.
   */
  streaming: boolean
}) {
  const baseId = useId()
  // The selected tab belongs to one result set: a new run selects its last statement again.
  // Until the user picks one, the last statement is selected: while results stream in (the same
  // array, growing), that follows each new statement as it arrives.
  const [selection, setSelection] = useState<{ results: RunResult[]; index: number } | null>(null)
  const selected = selection?.results === results ? selection.index : results.length - 1
  const select = (index: number) => setSelection({ results, index })

  if (results.length === 0) {
    return <CenteredMessage>{streaming ? 'Running query…' : 'Success. No rows returned'}</CenteredMessage>
  }

  const result = results[Math.min(Math.max(selected, 0), results.length - 1)]
  const tabId = (i: number) => `${baseId}-tab-${i}`
  const panelId = `${baseId}-panel`

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = (selected + step + results.length) % results.length
    select(next)
    document.getElementById(tabId(next))?.focus()
  }

  return (
    <>
      {results.length > 1 && (
        <div
          role="tablist"
          aria-label="Statement results"
          className="flex shrink-0 gap-1 overflow-x-auto border-b border-border bg-background px-2"
        >
          {results.map((r, i) => (
            <button
              key={i}
              id={tabId(i)}
              type="button"
              role="tab"
              aria-selected={i === selected}
              aria-controls={panelId}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => select(i)}
              onKeyDown={onTabKeyDown}
              className={clsx(
                '-mb-px flex shrink-0 items-baseline gap-1.5 border-b-2 px-2 py-1.5 text-xs whitespace-nowrap',
                i === selected
                  ? 'border-brand text-foreground'
                  : 'border-transparent text-foreground-light hover:text-foreground'
              )}
            >
              <span className="font-medium">Result {i + 1}</span>
              <span className="text-foreground-lighter">{resultSummary(r)}</span>
            </button>
          ))}
        </div>
      )}
      <div
        id={panelId}
        role={results.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={results.length > 1 ? tabId(selected) : undefined}
        className="flex min-h-0 flex-1 flex-col"
      >
        <ResultView
          result={result}
          rowCount={result.rows.length}
          notice={result === results[results.length - 1] ? cutNotice : null}
          exportName={exportName}
        />
      </div>
      <div
        role="status"
        className="flex h-8 shrink-0 items-center border-t border-border bg-background px-3 text-xs text-foreground-light"
      >
        {streaming ? streamingStatus(result, durationMs) : resultStatus(result, durationMs)}
      </div>
    </>
  )
}

import { useMemo, useState } from 'react'
import { PlanTree } from '@/components/interfaces/ExplainPlan/PlanTree'
import { cellByName, type RunResult } from '@/lib/sql/result-set'
import { isPlanResult, parsePlan } from '@/lib/sql/explain-plan'
import { ResultsGrid } from './ResultsGrid'
import { returnsRows } from './ResultsPanel.utils'
import { PlanViewToggle, ResultsToolbar } from './ResultsToolbar'

export type ResultViewProps = {
  result: RunResult
  /** Rows in so far (passed so that a streaming result re-renders as it grows). */
  rowCount: number
  /** "Showing the first N rows …", when the editor's row limit or its result budget cut this result. */
  notice?: string | null
  exportName?: string
}

type View = 'tree' | 'text'

/**
 * One statement's rows: a toolbar (export, copy, and Tree / Text for EXPLAIN output), the row
 * limit notice, and the grid, or the plan as a tree.
 */
export function ResultView({ result, rowCount, notice, exportName }: ResultViewProps) {
  // The choice belongs to one result set: a new run shows its plan as a tree again.
  const [choice, setChoice] = useState<{ result: RunResult; view: View }>({ result, view: 'tree' })
  const view = choice.result === result ? choice.view : 'tree'
  const isPlan = isPlanResult(result.columns)
  // A plan is read once it is whole (a few lines, never streamed for long).
  const complete = result.complete
  const plan = useMemo(
    () => (isPlan && complete ? parsePlan(Array.from({ length: result.rows.length }, (_, row) => String(cellByName(result, row, 'QUERY PLAN') ?? ''))) : null),
    [isPlan, complete, result]
  )

  if (!returnsRows(result) || rowCount === 0) {
    return (
      <div className="flex flex-1 items-center justify-center p-6 text-center text-sm text-foreground-light">
        {result.complete ? 'Success. No rows returned' : 'Waiting for rows…'}
      </div>
    )
  }

  return (
    <>
      <ResultsToolbar
        columns={result.columns}
        rows={result.rows}
        // Exports take the whole result: offered once every row is in.
        disabled={!result.complete}
        exportName={exportName}
        start={plan && <PlanViewToggle view={view} onChange={(next) => setChoice({ result, view: next })} />}
      />
      {notice && <p className="shrink-0 border-b border-border bg-warning/10 px-3 py-1 text-xs text-foreground-light">{notice}</p>}
      {/* A flex column, so the grid takes the pane's whole width and height. */}
      <div className="flex min-h-0 min-w-0 flex-1 flex-col">
        {plan && view === 'tree' ? (
          <div className="min-h-0 flex-1 overflow-auto">
            <PlanTree plan={plan} />
          </div>
        ) : (
          <ResultsGrid columns={result.columns} rows={result.rows} rowCount={rowCount} className="min-h-0 flex-1" />
        )}
      </div>
    </>
  )
}

import { ResultView } from '@/components/interfaces/SQLEditor/ResultView'
import { returnsRows } from '@/components/interfaces/SQLEditor/ResultsPanel.utils'
import { resultCutNotice } from '@/components/interfaces/SQLEditor/run-outcome'
import type { RunResult } from '@/lib/sql/result-set'

/**
 * The rows of the last run's last statement, in the SQL editor's own result view (grid, copy,
 * export, and the notice when the editor's result budget cut it), when that statement returns rows. EditorPanel lets the rows go when another run
 * replaces them or the panel closes.
 */
export function PanelResults({ results }: { results: RunResult[] }) {
  const last = results.at(-1)
  if (!last || !returnsRows(last)) return null
  return (
    <section aria-label="Results" className="flex h-64 min-h-0 shrink-0 flex-col border-t border-border md:h-[45%]">
      <ResultView result={last} rowCount={last.rows.length} notice={resultCutNotice({ results })} />
    </section>
  )
}

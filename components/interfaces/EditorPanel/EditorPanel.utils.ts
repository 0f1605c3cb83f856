/**
 * Pure helpers of the editor panel: which templates a filter keeps, the one-line summary of a
 * finished run, and where in the text Postgres' error position points.
 */
import type { RunSqlData } from '@/data/sql/sql-run-mutation'
import type { EditorPanelTemplate } from '@/state/editor-panel'
import { indexToLineColumn, pgPositionToIndex } from '@/components/interfaces/SQLEditor/sql-position'
import { affectedRows, pluralRows, returnsRows } from '@/components/interfaces/SQLEditor/ResultsPanel.utils'

/**
 * The templates whose name or description holds every word of `query` (case ignored), in their
 * order; an empty query keeps them all. The same rule as the snippet library's search.
 */
export function filterTemplates<T extends Pick<EditorPanelTemplate, 'name' | 'description'>>(templates: readonly T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...templates]
  return templates.filter((t) => {
    const text = `${t.name}\n${t.description}`.toLowerCase()
    return words.every((w) => text.includes(w))
  })
}

/**
 * "Success. 3 rows" when the last statement returned rows, "Success. UPDATE, 2 rows affected"
 * when it changed some, "Success. CREATE TABLE" otherwise; "(N statements)" when several ran.
 */
export function runSummary({ results }: Pick<RunSqlData, 'results'>): string {
  const last = results.at(-1)
  let text: string
  const affected = last ? affectedRows(last) : null
  if (!last) text = 'Success. No statements ran'
  else if (returnsRows(last)) {
    const rows = last.rowCount ?? last.rows.length
    text = rows === 0 ? 'Success. No rows returned' : `Success. ${pluralRows(rows)}`
  } else if (affected !== null) {
    text = `Success. ${last.command}, ${pluralRows(affected)} affected`
  } else {
    text = `Success. ${last.command || 'Done'}`
  }
  return results.length > 1 ? `${text} (${results.length} statements)` : text
}

/** "line 2, column 8" for Postgres' 1-based character position in `sql`; null without one. */
export function errorPlace(sql: string, position: number | undefined): string | null {
  if (position === undefined || !Number.isFinite(position) || position < 1) return null
  const { line, column } = indexToLineColumn(sql, pgPositionToIndex(sql, position))
  return `line ${line}, column ${column}`
}

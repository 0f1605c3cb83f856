import { ArrowDown, ArrowUp } from 'lucide-react'
import { formatDuration, formatRatio, type SortableColumn, type StatementSort, type StatementStats } from '@/lib/sql/project-features/query-performance'

const COLUMNS: {
  key: SortableColumn
  label: string
  format: (s: StatementStats) => string
}[] = [
  {
    key: 'calls',
    label: 'Calls',
    format: (s) => s.calls.toLocaleString('en-US'),
  },
  {
    key: 'total_time',
    label: 'Total time',
    format: (s) => formatDuration(s.total_time),
  },
  {
    key: 'mean_time',
    label: 'Mean time',
    format: (s) => formatDuration(s.mean_time),
  },
  {
    key: 'max_time',
    label: 'Max time',
    format: (s) => formatDuration(s.max_time),
  },
  { key: 'rows', label: 'Rows', format: (s) => s.rows.toLocaleString('en-US') },
  {
    key: 'cache_hit_ratio',
    label: 'Cache hit',
    format: (s) => formatRatio(s.cache_hit_ratio),
  },
]

/**
 * The statements as a table sorted by any number column (a header is a button: once sorts down,
 * again up). Scrolls sideways inside its own box on a phone (`relative` keeps the sr-only caption in).
 */
export function StatementsTable({
  statements,
  sort,
  onSort,
}: {
  statements: readonly StatementStats[]
  sort: StatementSort
  onSort: (sort: StatementSort) => void
}) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">Statements recorded by pg_stat_statements</caption>
        <thead className="bg-surface-raised text-xs text-foreground-light">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Query
            </th>
            {COLUMNS.map((c) => {
              const active = sort.column === c.key
              return (
                <th
                  key={c.key}
                  scope="col"
                  aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                  className="px-3 py-2 text-right font-medium"
                >
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 whitespace-nowrap hover:text-foreground"
                    onClick={() =>
                      onSort({
                        column: c.key,
                        direction: active && sort.direction === 'desc' ? 'asc' : 'desc',
                      })
                    }
                  >
                    {c.label}
                    {active && (sort.direction === 'desc' ? <ArrowDown size={12} aria-hidden /> : <ArrowUp size={12} aria-hidden />)}
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {statements.map((s, i) => (
            <tr key={i} className="align-top">
              <td className="max-w-md px-3 py-2">
                <code className="line-clamp-3 whitespace-pre-wrap break-words font-mono text-xs text-foreground" title={s.query ?? undefined}>
                  {s.query ?? '–'}
                </code>
                <span className="mt-1 block text-xs text-foreground-lighter">{s.role ?? '–'}</span>
              </td>
              {COLUMNS.map((c) => (
                <td key={c.key} className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-foreground-light">
                  {c.format(s)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

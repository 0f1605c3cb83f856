import clsx from 'clsx'
import Link from 'next/link'
import { Search, Table2 } from 'lucide-react'
import { useState } from 'react'
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { fieldClasses } from '@/components/ui/FormField'
import type { ResponseError } from '@/data/fetchers'
import type { TableSummary } from '@/lib/table-editor'
import { editorHref, rowCountText } from './table-editor.utils'

export type TablesState = { data?: TableSummary[]; isLoading: boolean; error: ResponseError | null; isFetching: boolean; refetch: () => unknown }

/** The schema's tables with their estimated row counts, searchable; each a link, so it can be opened in a new tab. */
export function TableList({ projectRef, tables, active }: { projectRef: string; tables: TablesState; active: string | undefined }) {
  const [search, setSearch] = useState('')
  if (tables.isLoading)
    return (
      <div aria-busy="true" aria-label="Loading tables" className="flex flex-col gap-1.5 p-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </div>
    )
  if (tables.error)
    return (
      <QueryErrorAlert title="Could not read the tables" error={tables.error} onRetry={() => void tables.refetch()} retrying={tables.isFetching} className="m-2" />
    )
  const all = tables.data ?? []
  const needle = search.trim().toLowerCase()
  const shown = needle ? all.filter((t) => t.name.toLowerCase().includes(needle)) : all
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative px-2 pb-2">
        <Search aria-hidden size={14} className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-foreground-lighter" />
        <input
          type="search"
          aria-label="Search tables"
          placeholder="Search tables"
          className={fieldClasses(false, 'h-8 pr-2 pl-7 text-xs')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <nav aria-label="Tables" className="min-h-0 flex-1 overflow-y-auto px-2">
        {shown.length === 0 ? (
          <p className="px-2 py-1 text-xs text-foreground-light">{all.length === 0 ? 'No tables in this schema.' : `No table matches “${search}”.`}</p>
        ) : (
          <ul className="flex flex-col gap-0.5">
            {shown.map((table) => (
              <li key={table.name}>
                <Link
                  href={editorHref(projectRef, table.schema, table.name)}
                  aria-current={table.name === active ? 'page' : undefined}
                  title={table.comment ?? table.name}
                  className={clsx(
                    'flex items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand/40',
                    table.name === active ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised hover:text-foreground'
                  )}
                >
                  <Table2 aria-hidden size={14} className="shrink-0" />
                  <span className="min-w-0 flex-1 truncate">{table.name}</span>
                  <span className="shrink-0 text-[11px] text-foreground-lighter">{rowCountText(table)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </nav>
    </div>
  )
}

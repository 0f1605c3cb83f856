import clsx from 'clsx'
import { useDeferredValue, useState } from 'react'
import dayjs from 'dayjs'
import relativeTime from 'dayjs/plugin/relativeTime'
import { History } from 'lucide-react'
import { Button, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useQueryHistoryQuery } from '@/data/content/query-history-query'
import type { QueryHistoryEntry } from '@/lib/api-types'

dayjs.extend(relativeTime)

const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`)

/** What a run answered, in a few words. */
function outcome(entry: QueryHistoryEntry): string {
  if (entry.error) return entry.error
  if (entry.row_count === null) return 'Done'
  return `${entry.row_count.toLocaleString()} ${entry.row_count === 1 ? 'row' : 'rows'}`
}

/**
 * The caller's runs in this project, newest first, searchable (the platform keeps the newest 500
 * per user and project). Choosing one hands its SQL to `onOpen` (the editor opens it).
 */
export function QueryHistoryPanel({
  projectRef,
  onOpen,
  className,
}: {
  projectRef: string
  onOpen: (sql: string) => void
  className?: string
}) {
  const [search, setSearch] = useState('')
  const deferred = useDeferredValue(search.trim())
  const history = useQueryHistoryQuery({ ref: projectRef, ...(deferred ? { search: deferred } : {}) })
  const entries = history.data?.pages.flatMap((page) => page.data) ?? []

  return (
    <section aria-label="Query history" className={clsx('flex min-h-0 flex-col gap-3 p-3', className)}>
      <Input
        aria-label="Search the history"
        placeholder="Search the history"
        value={search}
        type="search"
        onChange={(e) => setSearch(e.target.value)}
      />
      {history.isLoading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-14" />
          <Skeleton className="h-14" />
        </div>
      ) : history.error ? (
        <QueryErrorAlert title="Could not load the history" error={history.error} onRetry={() => void history.refetch()} />
      ) : entries.length === 0 ? (
        <EmptyState
          icon={<History size={20} />}
          title={deferred ? 'No runs match' : 'No runs yet'}
          description={deferred ? 'Try other words.' : 'Every query you run in this project is kept here.'}
        />
      ) : (
        <ul className="flex min-h-0 flex-col divide-y divide-border overflow-y-auto rounded-md border border-border">
          {entries.map((entry) => (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => onOpen(entry.sql)}
                className="flex w-full flex-col gap-1 px-3 py-2 text-left hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none"
                title="Open in the editor"
              >
                <code className="line-clamp-2 break-all font-mono text-xs text-foreground">{entry.sql}</code>
                <span className="flex flex-wrap gap-x-3 text-xs text-foreground-light">
                  <time dateTime={entry.started_at} title={dayjs(entry.started_at).format('DD MMM, YYYY HH:mm:ss')}>
                    {dayjs(entry.started_at).fromNow()}
                  </time>
                  <span className="tabular-nums">{duration(entry.duration_ms)}</span>
                  <span className={entry.error ? 'line-clamp-1 text-destructive' : 'tabular-nums'}>{outcome(entry)}</span>
                  {entry.sql_truncated && <span>(SQL cut short)</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {history.hasNextPage && (
        <Button size="tiny" type="default" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
          Load more
        </Button>
      )}
    </section>
  )
}

import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import type { ResponseError } from '@/data/fetchers'

/**
 * The box the grid scrolls in, and what stands in for it: loading, Postgres' error (a filter
 * value the column's type refuses, say), no rows. The grid stays while a page or a refresh loads.
 */
export function RowsArea({
  query,
  rowCount,
  filtered,
  children,
}: {
  query: {
    isLoading: boolean
    error: ResponseError | null
    isFetching: boolean
    isFetchNextPageError: boolean
    isFetchPreviousPageError: boolean
    refetch: () => unknown
    fetchNextPage: () => unknown
    fetchPreviousPage: () => unknown
  }
  rowCount: number
  filtered: boolean
  children: ReactNode
}) {
  return (
    <div className="relative min-h-0 min-w-0 flex-1 overflow-hidden">
      {query.isLoading ? (
        <div aria-busy="true" aria-label="Loading rows" className="flex flex-col gap-1 p-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-7 w-full" />
          ))}
        </div>
      ) : query.error && !query.isFetchNextPageError && !query.isFetchPreviousPageError ? (
        <div className="p-3">
          <QueryErrorAlert title="Could not read the rows" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching}>
            <span className="font-mono text-xs break-words">{query.error.message}</span>
          </QueryErrorAlert>
        </div>
      ) : (
        <>
          {children}
          {query.error && (
            <QueryErrorAlert title="Could not read more rows" error={query.error} onRetry={() => void (query.isFetchPreviousPageError ? query.fetchPreviousPage() : query.fetchNextPage())} retrying={query.isFetching} className="absolute inset-x-3 bottom-3 z-30">
              <span className="font-mono text-xs break-words">{query.error.message}</span>
            </QueryErrorAlert>
          )}
          {rowCount === 0 && (
            <p className="pointer-events-none absolute inset-x-0 top-16 text-center text-sm text-foreground-light">
              {filtered ? 'No rows match the filters.' : 'This table has no rows yet.'}
            </p>
          )}
        </>
      )}
    </div>
  )
}

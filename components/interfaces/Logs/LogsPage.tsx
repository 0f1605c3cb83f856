/**
 * A project's logs: pick a source, a time range (clamped to the plan's retention), a level and a
 * search; see a histogram of the range and the events, newest first; open one to see its fields.
 * Sources this platform does not run are listed and say so. Data: GET /platform/projects/{ref}/logs
 * (data/logs/logs-query.ts); the range is counted back from the moment it was chosen or refreshed.
 */
import { useDeferredValue, useEffect, useState } from 'react'
import { ScrollText } from 'lucide-react'
import { Alert, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useLogsQuery } from '@/data/logs/logs-query'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import type { LogEvent, LogLevel } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { logSource, NOT_RUN_NOTE, type LogSourceName } from '@/lib/logs/sources'
import { LogEventPanel } from './LogEventPanel'
import { LogSourceList } from './LogSourceList'
import { LogsHistogram } from './LogsHistogram'
import { LogsTable } from './LogsTable'
import { LogsToolbar } from './LogsToolbar'
import { resolveRange, retentionText, type RangeSelection } from './logs.utils'

const SEARCH_DEBOUNCE_MS = 300
const AUTO_REFRESH_MS = 10_000

export function LogsPage({ projectRef, source }: { projectRef: string; source: LogSourceName }) {
  const described = logSource(source)
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const retentionDays = project?.plan ? planNumbers(project.plan).limits.logRetentionDays : undefined
  const [selection, setSelection] = useState<RangeSelection>({ kind: 'preset', id: 'hour' })
  const [now, setNow] = useState(() => Date.now())
  const [level, setLevel] = useState<LogLevel | undefined>()
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [autoRefresh, setAutoRefresh] = useState(false)
  const [selected, setSelected] = useState<LogEvent | null>(null)

  useEffect(() => {
    if (!autoRefresh || selection.kind !== 'preset') return
    const timer = setInterval(() => setNow(Date.now()), AUTO_REFRESH_MS)
    return () => clearInterval(timer)
  }, [autoRefresh, selection.kind])

  const range = retentionDays !== undefined ? resolveRange(selection, now, retentionDays) : undefined
  const query = useLogsQuery(
    { projectRef, source, start: range?.start, end: range?.end, level, search: search || undefined },
    { enabled: range !== undefined && !range.invalid }
  )
  const first = query.data?.pages[0]
  const events = query.data?.pages.flatMap((p) => p.events) ?? []

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:flex-row">
      <aside className="lg:w-56 lg:shrink-0">
        <h1 className="mb-3 text-xl font-medium text-foreground">Logs</h1>
        <LogSourceList projectRef={projectRef} current={source} />
      </aside>
      <section className="flex min-w-0 flex-1 flex-col gap-4" aria-labelledby="log-source-title">
        <header className="flex flex-col gap-1">
          <h2 id="log-source-title" className="text-lg font-medium text-foreground">
            {described.label} <span className="font-mono text-sm text-foreground-lighter">{described.name}</span>
          </h2>
          <p className="text-sm text-foreground-light">{described.description}</p>
        </header>
        {!described.recorded ? (
          <EmptyState icon={<ScrollText size={20} />} title="Not run here" description={NOT_RUN_NOTE} />
        ) : (
          <>
            <LogsToolbar
              range={selection}
              onRangeChange={(next) => {
                setSelection(next)
                setNow(Date.now())
              }}
              level={level}
              onLevelChange={setLevel}
              search={searchText}
              onSearchChange={setSearchText}
              autoRefresh={autoRefresh}
              onAutoRefreshChange={setAutoRefresh}
              onRefresh={() => setNow(Date.now())}
              refreshing={query.isFetching && !query.isFetchingNextPage}
            />
            {range?.invalid && <Alert variant="warning">{range.invalid}</Alert>}
            {range?.clamped && retentionDays !== undefined && (
              <Alert variant="info">
                Logs are kept for {retentionText(retentionDays)} on this organization&apos;s plan: the range starts at the oldest events kept.
              </Alert>
            )}
            <LogsResults
              query={query}
              events={events}
              first={first}
              selectedId={selected?.id}
              onSelect={setSelected}
            />
          </>
        )}
      </section>
      <LogEventPanel event={selected} onClose={() => setSelected(null)} />
    </div>
  )
}

type LogsResultsProps = {
  query: ReturnType<typeof useLogsQuery>
  events: LogEvent[]
  first: NonNullable<ReturnType<typeof useLogsQuery>['data']>['pages'][number] | undefined
  selectedId: string | undefined
  onSelect: (event: LogEvent) => void
}

function LogsResults({ query, events, first, selectedId, onSelect }: LogsResultsProps) {
  if (query.isError)
    return (
      <QueryErrorAlert title="The logs could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
    )
  if (!first)
    return (
      <div aria-busy="true" aria-label="Loading logs" className="flex flex-col gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    )
  return (
    <div className="flex flex-col gap-4">
      <LogsHistogram buckets={first.histogram.buckets} bucketSeconds={first.histogram.bucketSeconds} />
      {events.length === 0 ? (
        <EmptyState icon={<ScrollText size={20} />} title="No events in this range" description="Widen the time range or clear the filters." />
      ) : (
        <LogsTable
          events={events}
          onSelect={onSelect}
          selectedId={selectedId}
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
        />
      )}
    </div>
  )
}

/** `value` once it stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return useDeferredValue(settled)
}

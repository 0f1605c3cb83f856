/**
 * A function's last hour on its page: its invocations (function_edge_logs) and what it printed
 * (function_logs), the newest first, refreshed every few seconds; the Logs page has the rest.
 */
import { useEffect, useMemo, useState } from 'react'
import Link from 'next/link'
import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useLogsQuery } from '@/data/logs/logs-query'
import type { LogSourceName } from '@/lib/logs/sources'

const REFRESH_MS = 3000
const HOUR_MS = 3_600_000

/** The last hour up to now, moved on every few seconds (a log range may not end in the future). */
function useLastHour(): { start: string; end: string } {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), REFRESH_MS)
    return () => clearInterval(timer)
  }, [])
  return { start: new Date(now - HOUR_MS).toISOString(), end: new Date(now).toISOString() }
}

function useFunctionEvents(projectRef: string, source: LogSourceName, slug: string, { start, end }: { start: string; end: string }) {
  const logs = useLogsQuery({ projectRef, source, start, end })
  const events = useMemo(() => (logs.data?.pages[0]?.events ?? []).filter((e) => e.metadata.function_slug === slug), [logs.data, slug])
  return { logs, events }
}

export function FunctionLogsCard({ projectRef, slug }: { projectRef: string; slug: string }) {
  const range = useLastHour()
  const printed = useFunctionEvents(projectRef, 'function_logs', slug, range)
  const invoked = useFunctionEvents(projectRef, 'function_edge_logs', slug, range)
  return (
    <Card>
      <CardHeader
        title="Logs and invocations"
        description={
          <>
            The last hour, newest first. All of them on{' '}
            <Link href={`/project/${projectRef}/logs/function_logs`} className="underline underline-offset-2">
              Logs
            </Link>
            .
          </>
        }
      />
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <EventList title="What it printed" empty="Nothing printed yet: console.log and console.error lines appear here." state={printed} render={(e) => e.event_message} />
        <EventList
          title="Invocations"
          empty="No invocation yet: send one from the test panel."
          state={invoked}
          render={(e) => {
            const response = e.metadata.response as { status_code?: number; duration_ms?: number } | undefined
            const request = e.metadata.request as { method?: string; path?: string } | undefined
            return `${request?.method ?? ''} ${request?.path ?? ''} → ${response?.status_code ?? '?'} in ${response?.duration_ms ?? '?'} ms (v${String(e.metadata.version ?? '?')})`
          }}
        />
      </CardContent>
    </Card>
  )
}

function EventList({
  title,
  empty,
  state,
  render,
}: {
  title: string
  empty: string
  state: ReturnType<typeof useFunctionEvents>
  render: (event: ReturnType<typeof useFunctionEvents>['events'][number]) => string
}) {
  return (
    <section aria-label={title} className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-medium text-foreground">{title}</h3>
      {state.logs.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : state.logs.isError ? (
        <QueryErrorAlert title={`Could not load ${title.toLowerCase()}`} error={state.logs.error} onRetry={() => void state.logs.refetch()} retrying={state.logs.isFetching} />
      ) : state.events.length === 0 ? (
        <p className="text-sm text-foreground-light">{empty}</p>
      ) : (
        <ol className="max-h-72 overflow-auto rounded-md border border-border font-mono text-xs">
          {state.events.map((event) => (
            <li key={event.id} className={`flex gap-3 border-b border-border px-3 py-1.5 last:border-b-0 ${event.level === 'error' ? 'text-destructive' : 'text-foreground'}`}>
              <time className="shrink-0 text-foreground-lighter" dateTime={event.timestamp}>
                {new Date(event.timestamp).toLocaleTimeString()}
              </time>
              <span className="min-w-0 whitespace-pre-wrap break-all">{render(event)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * Reads a project's log: a page of events newest first (keyset by timestamp and id, so a page is
 * as quick at the end of a week as at its start) and a histogram of the whole range, both with
 * the same filters. A range is half-open, [start, end): an event exactly at `end` belongs to the
 * next range, in the events and in the histogram alike. Never older than the organization's plan
 * keeps: a start a little before that (a browser clock behind the server's) is raised to the
 * limit, one further back refused; never later than now: an end a little after it is lowered to
 * now, one further on refused (a year 9999 end would otherwise ask for a histogram of millennia).
 */
import type { z } from 'zod'
import type { logsQuery, LogsAnswer, LogLevel, LogEvent } from '@/lib/api-types'
import { PLAN_NAMES, roleCan } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { bucketSeconds, bucketStarts } from '@/lib/logs/buckets'
import { containsPattern } from '@/lib/logs/like-pattern'
import { isRecordedSource, type LogSourceName } from '@/lib/logs/sources'
import { badRequest } from '../kernel/errors'
import type { ProjectAccess } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { visibleMessage, visibleMetadata } from './statement-privacy'

type Query = z.output<typeof logsQuery>

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** How far a browser's clock may differ from the server's: a start or end this far off is clamped, not refused. */
export const CLOCK_SLACK_MS = 15 * 60_000

export type LogRange = { start: Date; end: Date; retentionDays: number }

/** The range to read: the last hour by default; refused when it reaches before the plan's retention or after now. */
export function logRange(project: Pick<ProjectAccess, 'plan'>, query: Pick<Query, 'start' | 'end'>, now = new Date()): LogRange {
  const retentionDays = planNumbers(project.plan).limits.logRetentionDays
  const oldest = new Date(now.getTime() - retentionDays * DAY_MS)
  for (const key of ['start', 'end'] as const)
    if (query[key] && query[key].getTime() > now.getTime() + CLOCK_SLACK_MS)
      throw badRequest(`${key} must not be later than now (${now.toISOString()}): there are no events in the future.`)
  const end = query.end && query.end < now ? query.end : now
  let start = query.start ?? new Date(Math.max(end.getTime() - HOUR_MS, oldest.getTime()))
  if (start.getTime() < oldest.getTime() - CLOCK_SLACK_MS) {
    const days = retentionDays === 1 ? '1 day' : `${retentionDays} days`
    throw badRequest(
      `Logs are kept for ${days} on the ${PLAN_NAMES[project.plan]} plan: start must be on or after ${oldest.toISOString()}. Upgrade the organization's plan to keep logs longer.`
    )
  }
  if (start < oldest) start = oldest
  if (start > end) start = end // a start a little after now, lowered with the end
  return { start, end, retentionDays }
}

type EventRow = { id: string; at: string; micros: string; level: LogLevel; event_message: string; metadata: Record<string, unknown> }
type BucketRow = { n: number; count: number; errors: number; warnings: number }

/** `userId`: the caller, who sees their own statements in postgres_logs whatever their role (statement-privacy.ts). */
export async function readLogs(platform: Platform, project: ProjectAccess, query: Query, userId: string): Promise<LogsAnswer> {
  const range = logRange(project, query)
  const size = bucketSeconds(range.start.getTime(), range.end.getTime())
  const starts = bucketStarts(range.start.getTime(), range.end.getTime(), size)
  const empty = emptyAnswer(query.source, range, size, starts)
  if (!isRecordedSource(query.source)) return empty

  // Values only ever as parameters; the SQL text is one of a few fixed shapes.
  const params: unknown[] = []
  const param = (value: unknown) => `$${params.push(value)}`
  const hide = query.source === 'postgres_logs' && !roleCan(project.role, 'logs:statements:read', { isPlatform: platform.config.isPlatform })
  // The caller's id, as a parameter only where a statement uses it (a search, the page's columns).
  let me: string | undefined
  const meParam = () => (me ??= param(userId))
  const where = [
    query.source === 'auth_logs'
      ? `organization_id = ${param(project.organization_id)} and project_id is null`
      : `project_id = ${param(project.id)}`,
    `source = ${param(query.source)}`,
    `occurred_at >= ${param(range.start.toISOString())}`,
    `occurred_at < ${param(range.end.toISOString())}`,
  ]
  if (query.level) where.push(`level = ${param(query.level)}`)
  if (query.search) where.push(`(${visibleMessage(hide, meParam)}) ilike ${param(containsPattern(query.search))} escape '\\'`)
  const filters = where.join(' and ')
  const histogramParams = [...params]

  let page = filters
  if (query.before) {
    const [micros, id] = query.before.split('.')
    page += ` and (occurred_at, id) < (timestamptz 'epoch' + ${param(micros)}::bigint * interval '1 microsecond', ${param(id)}::bigint)`
  }
  const rows = await platform.db.query<EventRow>(
    `select id::text as id, occurred_at as at, (extract(epoch from occurred_at) * 1000000)::bigint::text as micros, level,
            ${visibleMessage(hide, meParam)} as event_message, ${visibleMetadata(hide, meParam)} as metadata
       from log_events where ${page} order by occurred_at desc, id desc limit ${param(query.limit + 1)}`,
    params
  )
  const buckets = await platform.db.query<BucketRow>(
    `select floor(extract(epoch from occurred_at - $${histogramParams.length + 1}::timestamptz) / $${histogramParams.length + 2})::int as n,
            count(*)::int as count,
            (count(*) filter (where level = 'error'))::int as errors,
            (count(*) filter (where level = 'warning'))::int as warnings
       from log_events where ${filters} group by 1`,
    [...histogramParams, range.start.toISOString(), size]
  )

  const more = rows.length > query.limit
  const events = rows.slice(0, query.limit)
  const last = events.at(-1)
  const byIndex = new Map(buckets.map((b) => [b.n, b]))
  return {
    ...empty,
    events: events.map(toEvent),
    nextCursor: more && last ? `${last.micros}.${last.id}` : null,
    histogram: {
      bucketSeconds: size,
      buckets: empty.histogram.buckets.map((bucket, i) => {
        const found = byIndex.get(i)
        return found ? { ...bucket, count: found.count, errors: found.errors, warnings: found.warnings } : bucket
      }),
    },
  }
}

function toEvent(row: EventRow): LogEvent {
  return { id: row.id, timestamp: new Date(row.at).toISOString(), level: row.level, event_message: row.event_message, metadata: row.metadata }
}

function emptyAnswer(source: LogSourceName, range: LogRange, size: number, starts: number[]): LogsAnswer {
  return {
    source,
    recorded: isRecordedSource(source),
    retentionDays: range.retentionDays,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    events: [],
    nextCursor: null,
    histogram: { bucketSeconds: size, buckets: starts.map((t) => ({ timestamp: new Date(t).toISOString(), count: 0, errors: 0, warnings: 0 })) },
  }
}

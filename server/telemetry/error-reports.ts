/**
 * Errors the dashboard caught in a browser (the global error screen and others), kept for
 * operators. Operational, not analytics: accepted whatever the visitor's consent, and nothing in
 * them names a person (no user, no address: the path is all that is kept of the page).
 */
import type { z } from 'zod'
import type { errorReportBody, ErrorReportList } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { storedBytes, withinDailyCap } from '../security/daily-caps'

type Row = { id: string; tag: string; message: string; stack: string | null; pathname: string; request_id: string | null; created_at: Date | string }

/** Stores a report unless `ip` or everyone used up today's bytes (then it is dropped). */
export async function recordErrorReport(platform: Platform, ip: string, body: z.output<typeof errorReportBody>): Promise<void> {
  const bytes = storedBytes(body.tag, body.message, body.stack, body.pathname, body.request_id)
  if (!(await withinDailyCap(platform, 'error-reports', ip, bytes, platform.config.telemetry.errorReportDailyBytes))) return
  await platform.db.query(
    `insert into client_error_reports (tag, message, stack, pathname, request_id) values ($1, $2, $3, $4, $5)`,
    [body.tag, body.message, body.stack ?? null, body.pathname, body.request_id ?? null],
    { prepare: true }
  )
}

/** Newest first, optionally of one tag; `cursor` is the id of the last report of the previous page. */
export async function listErrorReports(platform: Platform, query: { limit: number; cursor?: string; tag?: string }): Promise<ErrorReportList> {
  const rows = await platform.db.query<Row>(
    `select id::text as id, tag, message, stack, pathname, request_id, created_at from client_error_reports
     where ($1::bigint is null or id < $1::bigint) and ($2::text is null or tag = $2)
     order by id desc limit $3`,
    [query.cursor ?? null, query.tag ?? null, query.limit + 1]
  )
  const page = rows.slice(0, query.limit)
  return {
    data: page.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
    cursor: rows.length > query.limit ? page[page.length - 1].id : null,
  }
}

/**
 * Reading an organization's audit log (GET …/organizations/{slug}/audit): its entries in a window
 * of time, newest first. Entries are written by record.ts where the changes are made.
 *
 * The window is [date_start, date_end). A date without a time means midnight UTC, except for
 * date_end, where it means the whole day is included (the window ends at the next midnight):
 * date_start=2024-05-10&date_end=2024-05-10 is that one day. Without date_end the window ends
 * now; without date_start it starts 7 days before its end.
 */
import type { AuditAnswer, AuditEntry, AuditQuery } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { OrgAccess } from '../kernel/handler-types'
import { badRequest } from '../kernel/errors'

const DAY_MS = 24 * 3600_000
export const AUDIT_DEFAULT_WINDOW_DAYS = 7
export const AUDIT_MAX_WINDOW_DAYS = 366
/** An answer holds at most this many entries (the newest); a narrower window shows the rest. */
export const AUDIT_MAX_ENTRIES = 1000

type AuditRow = {
  id: number
  occurred_at: Date | string
  action: AuditEntry['action']
  actor_id: string | null
  actor_email: string | null
  target_type: AuditEntry['target']['type']
  target_id: string
  target_name: string | null
  details: Record<string, unknown> | string | null
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/

/**
 * The moment a query field names. The route's schema has checked the shape; this refuses what has
 * the shape but no moment (2024-02-30, 25:00). A timestamp without a zone is read as UTC, never
 * as the server's local time.
 */
function parseMoment(field: 'date_start' | 'date_end', text: string): { at: Date; dateOnly: boolean } {
  const dateOnly = DATE_ONLY.test(text)
  // Date reads +02:00 but not +0200, which ISO 8601 allows as well.
  const zoned = dateOnly ? text : HAS_ZONE.test(text) ? text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : `${text}Z`
  const at = new Date(zoned)
  const [year, month, day] = text.slice(0, 10).split('-').map(Number)
  // Date rolls an impossible day over (February 30th becomes March 1st): the day written must exist.
  const written = new Date(Date.UTC(year, month - 1, day))
  const dayExists = written.getUTCFullYear() === year && written.getUTCMonth() === month - 1 && written.getUTCDate() === day
  if (Number.isNaN(at.getTime()) || !dayExists)
    throw badRequest(`${field} is not a valid date: ${text}. Give a date as YYYY-MM-DD or an ISO 8601 timestamp.`)
  return { at, dateOnly }
}

/** The window [start, end) asked for, with its defaults, checked. */
export function auditWindow(query: AuditQuery, now = new Date()): { start: Date; end: Date } {
  let end = now
  if (query.date_end !== undefined) {
    const parsed = parseMoment('date_end', query.date_end)
    end = parsed.dateOnly ? new Date(parsed.at.getTime() + DAY_MS) : parsed.at
  }
  const start = query.date_start !== undefined ? parseMoment('date_start', query.date_start).at : new Date(end.getTime() - AUDIT_DEFAULT_WINDOW_DAYS * DAY_MS)
  if (end <= start) throw badRequest(`date_end (${query.date_end ?? 'now'}) must be after date_start (${query.date_start}).`)
  if (end.getTime() - start.getTime() > AUDIT_MAX_WINDOW_DAYS * DAY_MS)
    throw badRequest(`The audit log is read at most ${AUDIT_MAX_WINDOW_DAYS} days at a time. Narrow date_start and date_end.`)
  return { start, end }
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const details = typeof row.details === 'string' ? JSON.parse(row.details) : row.details
  return {
    id: Number(row.id),
    occurred_at: new Date(row.occurred_at).toISOString(),
    action: row.action,
    actor: row.actor_id === null ? null : { id: row.actor_id, email: row.actor_email ?? '' },
    target: { type: row.target_type, id: row.target_id, name: row.target_name },
    details: details ?? {},
  }
}

export async function readAuditLog(platform: Platform, org: OrgAccess, query: AuditQuery): Promise<AuditAnswer> {
  const { start, end } = auditWindow(query)
  const rows = await platform.db.query<AuditRow>(
    `select id::int as id, occurred_at, action, actor_id::text as actor_id, actor_email, target_type, target_id, target_name, details
     from audit_log
     where organization_id = $1 and occurred_at >= $2 and occurred_at < $3
     order by occurred_at desc, id desc
     limit ${AUDIT_MAX_ENTRIES}`,
    [org.id, start.toISOString(), end.toISOString()]
  )
  return { entries: rows.map(toAuditEntry), date_start: start.toISOString(), date_end: end.toISOString() }
}

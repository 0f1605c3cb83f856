/**
 * The audit page's date range: two calendar days in the reader's own time zone, both included.
 * The platform is asked for [start of the first day, start of the day after the last) as ISO
 * timestamps, so "today" means the reader's today, not UTC's.
 */
import dayjs from 'dayjs'

export type AuditRange = { start: string; end: string }

export const DEFAULT_AUDIT_RANGE_DAYS = 7
/**
 * The platform reads at most 366 days at a time (server/audit/audit-log.ts); a day less here keeps
 * a range of local days that gains an hour at a daylight-saving change within that.
 */
export const MAX_AUDIT_RANGE_DAYS = 365

const DATE = 'YYYY-MM-DD'

/** The last 7 days up to today. */
export function defaultAuditRange(now: Date): AuditRange {
  const today = dayjs(now)
  return { start: today.subtract(DEFAULT_AUDIT_RANGE_DAYS, 'day').format(DATE), end: today.format(DATE) }
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format(DATE) === value

/** Why the range cannot be asked for, in words for the form, or null. */
export function auditRangeProblem({ start, end }: AuditRange): { field: 'start' | 'end'; message: string } | null {
  if (!isDate(start)) return { field: 'start', message: 'Choose a start date.' }
  if (!isDate(end)) return { field: 'end', message: 'Choose an end date.' }
  if (end < start) return { field: 'end', message: 'The end date must be on or after the start date.' }
  if (dayjs(end).diff(dayjs(start), 'day') + 1 > MAX_AUDIT_RANGE_DAYS) return { field: 'end', message: `Choose at most ${MAX_AUDIT_RANGE_DAYS} days.` }
  return null
}

/** The query the platform is sent for a valid range: date_start and date_end as ISO timestamps. */
export function auditRangeQuery({ start, end }: AuditRange): { dateStart: string; dateEnd: string } {
  return { dateStart: dayjs(start).startOf('day').toISOString(), dateEnd: dayjs(end).add(1, 'day').startOf('day').toISOString() }
}

/**
 * The period a usage request asks about: `start` (the first day counted) and `end` (the first day
 * not counted), as dates (YYYY-MM-DD, UTC) or ISO 8601 timestamps (UTC unless they carry an
 * offset); the current calendar month when absent. Refused with a 400 naming the field: a date
 * that does not exist, an end not after the start, a range over 366 days.
 */
import { dayOf, monthOf, type Period } from '@/lib/billing/period'
import type { UsageQuery } from '@/lib/api-types'
import { badRequest } from '../kernel/errors'

export const MAX_USAGE_RANGE_DAYS = 366
const DAY_MS = 24 * 3600 * 1000

function parseMoment(field: 'start' | 'end', raw: string): Date {
  const datePart = raw.slice(0, 10)
  const day = new Date(`${datePart}T00:00:00Z`)
  // JavaScript rolls 2026-02-30 over to March 2: a day that does not exist is refused, not moved.
  if (Number.isNaN(day.getTime()) || dayOf(day) !== datePart) throw badRequest(`${field} is not a valid date: ${raw}`)
  if (raw.length === 10) return day
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/.test(raw)
  const moment = new Date(hasOffset ? raw : `${raw}Z`)
  if (Number.isNaN(moment.getTime())) throw badRequest(`${field} is not a valid timestamp: ${raw}`)
  return moment
}

export function usagePeriod(query: UsageQuery, now: Date): Period {
  const month = monthOf(now)
  const start = query.start === undefined ? month.start : parseMoment('start', query.start)
  const end = query.end === undefined ? month.end : parseMoment('end', query.end)
  if (end.getTime() <= start.getTime()) throw badRequest(`end (${end.toISOString()}) must be after start (${start.toISOString()})`)
  if (end.getTime() - start.getTime() > MAX_USAGE_RANGE_DAYS * DAY_MS)
    throw badRequest(`The range from start to end must be ${MAX_USAGE_RANGE_DAYS} days or shorter`)
  return { start, end }
}

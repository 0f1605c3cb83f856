/**
 * Billing periods are calendar months in UTC: the statement of a month covers its first day 00:00
 * to the first day of the next month, and usage is stored per UTC day.
 */
export type Period = { start: Date; end: Date }

export function monthOf(at: Date): Period {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1))
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1))
  return { start, end }
}

/** The UTC day of a moment, as stored: 'YYYY-MM-DD'. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10)

/** The part of the period gone by at `now`, clamped to [0, 1]. */
export function elapsedFraction({ start, end }: Period, now: Date): number {
  const total = end.getTime() - start.getTime()
  if (total <= 0) return 1
  return Math.min(1, Math.max(0, (now.getTime() - start.getTime()) / total))
}

/** Each UTC day of the period as 'YYYY-MM-DD', the last one being the day before `end` (or the day of `until`, if earlier). */
export function daysOf({ start, end }: Period, until?: Date): string[] {
  const last = until && until < end ? until : new Date(end.getTime() - 1)
  const days: string[] = []
  for (let day = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())); day <= last; day.setUTCDate(day.getUTCDate() + 1))
    days.push(dayOf(day))
  return days
}

/** The statement id of the month a period starts in: 'YYYY-MM'. */
export const monthId = (period: Period) => period.start.toISOString().slice(0, 7)

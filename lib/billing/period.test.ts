import { describe, expect, it } from 'vitest'
import { dayOf, daysOf, elapsedFraction, monthId, monthOf } from './period'

const at = (iso: string) => new Date(iso)

describe('monthOf', () => {
  it('is the calendar month in UTC, from its first day 00:00 to the next month’s', () => {
    expect(monthOf(at('2024-02-15T10:00:00Z'))).toEqual({ start: at('2024-02-01T00:00:00Z'), end: at('2024-03-01T00:00:00Z') })
  })

  it('goes by the UTC day, not the local one', () => {
    // 00:30 on 1 April in Paris is still 31 March in UTC.
    expect(monthOf(at('2024-04-01T00:30:00+02:00')).start).toEqual(at('2024-03-01T00:00:00Z'))
    expect(monthOf(at('2024-03-31T23:59:59.999Z')).end).toEqual(at('2024-04-01T00:00:00Z'))
    expect(monthOf(at('2024-04-01T00:00:00Z')).start).toEqual(at('2024-04-01T00:00:00Z'))
  })

  it('December ends on 1 January of the next year', () => {
    expect(monthOf(at('2025-12-31T12:00:00Z'))).toEqual({ start: at('2025-12-01T00:00:00Z'), end: at('2026-01-01T00:00:00Z') })
  })

  it('names the statement by its month', () => {
    expect(monthId(monthOf(at('2024-02-15T10:00:00Z')))).toBe('2024-02')
    expect(dayOf(at('2024-02-15T23:59:59Z'))).toBe('2024-02-15')
  })
})

describe('daysOf', () => {
  const february = monthOf(at('2024-02-10T00:00:00Z'))

  it('lists every UTC day of the month, leap day included', () => {
    const days = daysOf(february)
    expect(days).toHaveLength(29)
    expect(days[0]).toBe('2024-02-01')
    expect(days.at(-1)).toBe('2024-02-29')
    expect(daysOf(monthOf(at('2023-02-10T00:00:00Z')))).toHaveLength(28)
  })

  it('stops at the day of `until` when it is earlier', () => {
    expect(daysOf(february, at('2024-02-03T08:00:00Z'))).toEqual(['2024-02-01', '2024-02-02', '2024-02-03'])
    expect(daysOf(february, at('2024-05-01T00:00:00Z'))).toHaveLength(29)
    expect(daysOf(february, at('2024-01-20T00:00:00Z'))).toEqual([])
  })
})

describe('elapsedFraction', () => {
  const april = monthOf(at('2024-04-10T00:00:00Z'))

  it.each([
    ['2024-04-01T00:00:00Z', 0],
    ['2024-04-16T00:00:00Z', 0.5],
    ['2024-05-01T00:00:00Z', 1],
    ['2024-03-20T00:00:00Z', 0],
    ['2024-06-01T00:00:00Z', 1],
  ])('at %s: %d', (now, fraction) => expect(elapsedFraction(april, at(now))).toBe(fraction))

  it('an empty period has gone by', () => {
    expect(elapsedFraction({ start: april.start, end: april.start }, april.start)).toBe(1)
  })
})

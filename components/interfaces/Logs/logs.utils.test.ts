import { describe, expect, it } from 'vitest'
import { resolveRange, RETENTION_MARGIN_MS } from './logs.utils'

const NOW = Date.parse('2025-06-01T12:00:00Z')
const DAY = 86_400_000

describe('resolveRange', () => {
  it('starts "Last 24 hours" on a 1-day plan a margin inside the retention, without a note', () => {
    // A browser clock behind the server's must not make the start older than the server keeps.
    const range = resolveRange({ kind: 'preset', id: 'day' }, NOW, 1)
    expect(Date.parse(range.start)).toBe(NOW - DAY + RETENTION_MARGIN_MS)
    expect(range.end).toBe(new Date(NOW).toISOString())
    expect(range.clamped).toBe(false)
  })

  it('clamps a longer preset to the retention with a note', () => {
    const range = resolveRange({ kind: 'preset', id: 'week' }, NOW, 1)
    expect(Date.parse(range.start)).toBe(NOW - DAY + RETENTION_MARGIN_MS)
    expect(range.clamped).toBe(true)
  })

  it('keeps a range well inside the retention as it is', () => {
    const range = resolveRange({ kind: 'preset', id: 'hour' }, NOW, 7)
    expect(Date.parse(range.start)).toBe(NOW - 3_600_000)
    expect(range.clamped).toBe(false)
  })

  it('answers a custom range that ends before the retention as an empty range at its limit', () => {
    const range = resolveRange({ kind: 'custom', start: '2025-01-01T00:00:00Z', end: '2025-01-02T00:00:00Z' }, NOW, 1)
    expect(range.start).toBe(range.end)
    expect(range.clamped).toBe(true)
  })
})

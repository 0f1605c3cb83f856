/**
 * The time ranges of the logs page: presets counted back from "now", or a custom range, clamped
 * to how long the organization's plan keeps logs (the platform refuses anything older).
 */
export const RANGE_PRESETS = [
  { id: 'hour', label: 'Last hour', ms: 3_600_000 },
  { id: 'day', label: 'Last 24 hours', ms: 86_400_000 },
  { id: 'week', label: 'Last 7 days', ms: 7 * 86_400_000 },
] as const

export type RangePresetId = (typeof RANGE_PRESETS)[number]['id']
export type RangeSelection = { kind: 'preset'; id: RangePresetId } | { kind: 'custom'; start: string; end: string }

export type ResolvedRange = { start: string; end: string; clamped: boolean; invalid?: string }

const DAY_MS = 86_400_000
/**
 * How far inside the retention a range starts at the earliest: this browser's clock may be behind
 * the server's, and a start the server finds too old by more than its slack is refused.
 */
export const RETENTION_MARGIN_MS = 5 * 60_000

/** The range to ask for at `now`; `clamped` when it was cut to the retention. */
export function resolveRange(selection: RangeSelection, now: number, retentionDays: number): ResolvedRange {
  const oldest = now - retentionDays * DAY_MS
  const earliest = oldest + RETENTION_MARGIN_MS
  let start: number
  let end: number
  if (selection.kind === 'preset') {
    const preset = RANGE_PRESETS.find((p) => p.id === selection.id)!
    end = now
    start = now - preset.ms
  } else {
    start = Date.parse(selection.start)
    end = Date.parse(selection.end)
    if (Number.isNaN(start) || Number.isNaN(end)) return { start: new Date(now - 3_600_000).toISOString(), end: new Date(now).toISOString(), clamped: false, invalid: 'Enter a start and an end.' }
    if (end < start) return { start: new Date(start).toISOString(), end: new Date(start).toISOString(), clamped: false, invalid: 'The end must not be before the start.' }
  }
  // Only a cut beyond the margin is worth a note: "Last 24 hours" on a 1-day plan is not one.
  const clamped = start < oldest
  if (start < earliest) start = earliest
  if (end < start) end = start
  return { start: new Date(start).toISOString(), end: new Date(end).toISOString(), clamped }
}

export const retentionText = (days: number) => (days === 1 ? '1 day' : `${days} days`)

/** A `datetime-local` input's value for an instant, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

export const LEVEL_BADGES = { info: 'default', warning: 'warning', error: 'destructive' } as const

/** "Mar 8, 2026, 10:00 AM" in the browser's time zone: when something happened or will. */
export function formatMoment(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })
}

/** What a project in read-only mode should do, after the platform's note on why. */
export const READ_ONLY_WAY_OUT =
  'Delete data to get back under the quota, or upgrade the plan; the project becomes writable again at the next usage check (within minutes).'

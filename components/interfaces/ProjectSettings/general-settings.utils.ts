/** "Mar 8, 2026, 10:00 AM" in the browser's time zone: when something happened or will. */
export function formatMoment(iso: string, timeZone?: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })
}

/** What a project in read-only mode means for its app, and what to do, after the platform's note on why. */
export const READ_ONLY_WAY_OUT =
  "Meanwhile its app's users cannot sign up or sign in. To delete data and get back under the quota, allow writes for 15 minutes; or upgrade the plan. The project becomes writable again at the next usage check (within minutes)."

/** While writes are allowed to free space: until when, and what comes after. */
export const writableUntil = (iso: string, timeZone?: string) =>
  `Writes are allowed until ${new Date(iso).toLocaleTimeString('en-US', { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) })} so that data can be deleted. The project is read-only again after that, or at once if its database grows, unless it is back under the quota.`

import type { RunStream } from '@/lib/sql/run-stream'

/** Between two repaints of a streaming result: often enough for a live count, rare enough to stay cheap. */
export const PROGRESS_INTERVAL_MS = 100

/**
 * A repaint of the grid costs time in proportion to the rows it holds (the row virtualizer lays
 * out every row again when the count changes: about 25 ms for a million rows). The interval grows
 * with the rows, so repaints keep to about a tenth of the time however large the result: 250 ms
 * apart at a million rows, instead of a third of the page's time spent laying out rows.
 */
const MS_PER_ROW_RECEIVED = 1 / 4000

/** How long to wait before showing a run that holds `rows` rows. */
export const progressIntervalFor = (rows: number, intervalMs = PROGRESS_INTERVAL_MS) => Math.max(intervalMs, rows * MS_PER_ROW_RECEIVED)

/**
 * Passes a streaming run on to `show` as rows arrive: at once when its first rows are in (the
 * first screen is painted without waiting), then at most every PROGRESS_INTERVAL_MS, or less
 * often as the rows grow (progressIntervalFor). `stop()` drops a pending update: the final
 * outcome replaces it.
 */
export function progressThrottle(show: (run: RunStream) => void, intervalMs = PROGRESS_INTERVAL_MS) {
  let timer: ReturnType<typeof setTimeout> | null = null
  let shownRows = false
  let latest: RunStream | null = null
  return {
    update(run: RunStream) {
      latest = run
      if (!shownRows && run.rowsReceived > 0) {
        shownRows = true
        show(run)
        return
      }
      timer ??= setTimeout(() => {
        timer = null
        if (latest) show(latest)
      }, progressIntervalFor(run.rowsReceived, intervalMs))
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
      latest = null
    },
  }
}

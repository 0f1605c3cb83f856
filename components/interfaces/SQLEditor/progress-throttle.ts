import type { RunStream } from '@/lib/sql/run-stream'

/** Between two repaints of a streaming result: often enough for a live count, rare enough to stay cheap. */
export const PROGRESS_INTERVAL_MS = 100

/**
 * Passes a streaming run on to `show` as rows arrive: at once when its first rows are in (the
 * first screen is painted without waiting), then at most every PROGRESS_INTERVAL_MS. `stop()`
 * drops a pending update: the final outcome replaces it.
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
      }, intervalMs)
    },
    stop() {
      if (timer) clearTimeout(timer)
      timer = null
      latest = null
    },
  }
}

import { Timer } from 'lucide-react'
import { useEffect, useState } from 'react'
import { formatElapsed } from './RunTimer.utils'

/** How long the current run has taken, ticking every 100 ms (started from the store, so a remount keeps counting). */
export function RunTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 100)
    return () => clearInterval(timer)
  }, [])
  return (
    // Not a live region: announcing every tenth of a second would drown a screen reader; the Cancel
    // button next to it says a run is under way.
    <span className="inline-flex items-center gap-1 font-mono text-xs text-foreground-light tabular-nums" data-testid="sql-run-timer">
      <Timer size={14} aria-hidden="true" />
      <span className="sr-only">Running for </span>
      {formatElapsed(now - startedAt)}
    </span>
  )
}

/**
 * The platform's background work, one loop per app instance: set up projects' databases (at most
 * PROVISION_CONCURRENCY at once, retries when due), check project health and drop spent
 * rate-limit counters every HEALTH_CHECK_INTERVAL_MS. Timers do not keep the process alive.
 */
import type { Platform } from './platform'
import { claimDue, provisionClaimed } from './projects/provision'
import { checkHealth } from './projects/health'
import { pruneRateLimits } from './security/rate-limit'

export type Scheduler = {
  /** Look for projects to provision now (after a create or a retry by hand). */
  kick(): void
  stop(): void
}

export function startScheduler(platform: Platform): Scheduler {
  let running = 0
  /** A pass is wanted; passes run one at a time, so `running` is never counted twice. */
  let wanted = false
  let passing = false
  let stopped = false
  let checking = false
  const timers = new Set<NodeJS.Timeout>()

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      fn()
    }, ms)
    timer.unref()
    timers.add(timer)
  }

  async function provisionPass() {
    const free = platform.config.provisionConcurrency - running
    const claims = await claimDue(platform, free)
    for (const claim of claims) {
      running++
      const work = provisionClaimed(platform, claim)
        .then((retryIn) => {
          if (retryIn !== null) later(retryIn + 50, kick)
        })
        .finally(() => {
          running--
          kick()
        })
      track(work)
    }
  }

  function kick() {
    if (stopped) return
    wanted = true
    if (passing) return
    passing = true
    track(
      (async () => {
        try {
          while (wanted && !stopped) {
            wanted = false
            await provisionPass()
          }
        } finally {
          passing = false
        }
      })()
    )
  }

  function track(work: Promise<unknown>) {
    const tracked = work
      .catch((error) => console.error('Background task failed:', error))
      .finally(() => platform.pending.delete(tracked))
    platform.pending.add(tracked)
  }

  async function tick() {
    if (stopped || checking) return
    checking = true
    try {
      kick()
      await checkHealth(platform)
      await pruneRateLimits(platform)
    } catch (error) {
      console.error('Background checks failed:', error)
    } finally {
      checking = false
    }
  }

  const interval = setInterval(() => void tick(), platform.config.healthCheckIntervalMs)
  interval.unref()
  kick() // projects left COMING_UP by an earlier run

  return {
    kick,
    stop() {
      stopped = true
      clearInterval(interval)
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

/**
 * The platform's background work, one loop per app instance: set up projects' databases and carry
 * out lifecycle transitions (pause, restore, restart, delete; together at most
 * PROVISION_CONCURRENCY at once, retries when due), and every HEALTH_CHECK_INTERVAL_MS check
 * project health, pause inactive Free projects, drop spent rate-limit counters, and make daily
 * backups and drop those past keeping (server/backups/retention.ts); every
 * USAGE_SAMPLE_INTERVAL_MS measure usage and update organizations' restriction status (the
 * egress counted in memory is added then, and once more when the platform closes). Timers do not
 * keep the process alive.
 */
import type { Platform } from './kernel/platform'
import type { Scheduler } from './kernel/scheduler'
import { trackPending } from './pending-work'
import { claimDue, provisionClaimed } from './projects/provision'
import { checkHealth } from './projects/health'
import { claimTransitions, runTransition, unclaimedTransitions } from './projects/transitions'
import { pauseInactiveProjects } from './projects/inactivity'
import { pruneRateLimits } from './security/rate-limit'
import { pruneDailyCaps } from './security/daily-caps'
import { pruneTelemetry } from './telemetry/retention'
import { sampleUsage } from './billing/usage-sampling'
import { flushEgress } from './billing/egress'
import { pruneLogs } from './logs/retention'
import { pruneUnfinishedUploads } from './storage/storage-service'
import { stopLogRecorder } from './logs/recorder'
import { runBackupPass } from './backups/retention'

/** How soon, and how many times in a row, a pass asks again for a transition whose row was locked. */
const LOCKED_RETRY_MS = 50
const MAX_LOCKED_PASSES = 40

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

  /** Runs one claimed piece of work, counted against the concurrency. */
  function start(work: () => Promise<number | null>) {
    running++
    track(
      work()
        .then((retryIn) => {
          if (retryIn !== null) later(retryIn + 50, kick)
        })
        .finally(() => {
          running--
          kick()
        })
    )
  }

  /** Passes in a row that found a due transition locked by another transaction. */
  let lockedPasses = 0

  async function provisionPass() {
    // Transitions first: a user is waiting on a pause or a restore, and they are quick.
    const room = platform.config.provisionConcurrency - running
    const transitions = await claimTransitions(platform, room)
    for (const claim of transitions) start(() => runTransition(platform, claim))
    // A restore committed while another transaction held its row (a health check, a sample) was
    // skipped by the claim: asked for again in a moment rather than at the next periodic pass.
    if (room > transitions.length && (await unclaimedTransitions(platform)) > 0 && lockedPasses < MAX_LOCKED_PASSES) {
      lockedPasses++
      track(new Promise((resolve) => setTimeout(resolve, LOCKED_RETRY_MS)).then(kick))
    } else lockedPasses = 0
    const claims = await claimDue(platform, platform.config.provisionConcurrency - running)
    for (const claim of claims) start(() => provisionClaimed(platform, claim))
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
    void trackPending(
      platform,
      work.catch((error) => console.error('Background task failed:', error))
    )
  }

  async function tick() {
    if (stopped || checking) return
    checking = true
    try {
      kick()
      await checkHealth(platform)
      await pauseInactiveProjects(platform)
      await pruneRateLimits(platform)
      await pruneDailyCaps(platform)
      await pruneTelemetry(platform)
      await pruneLogs(platform)
      await pruneUnfinishedUploads(platform)
      track(backUp())
    } catch (error) {
      console.error('Background checks failed:', error)
    } finally {
      checking = false
    }
  }

  // Backups run beside the checks, not in them: a copy may take a while.
  let backingUp = false
  async function backUp() {
    if (stopped || backingUp) return
    backingUp = true
    try {
      await runBackupPass(platform)
    } catch (error) {
      console.error('Backups failed:', error)
    } finally {
      backingUp = false
    }
  }

  let sampling = false
  async function sample() {
    if (stopped || sampling) return
    sampling = true
    try {
      await sampleUsage(platform)
    } catch (error) {
      console.error('Sampling usage failed:', error)
    } finally {
      sampling = false
    }
  }

  const interval = setInterval(() => void tick(), platform.config.healthCheckIntervalMs)
  interval.unref()
  const usageInterval = setInterval(() => track(sample()), platform.config.usageSampleIntervalMs)
  usageInterval.unref()
  kick() // projects left COMING_UP, PAUSING, RESTORING … by an earlier run

  return {
    kick,
    stop() {
      stopped = true
      clearInterval(interval)
      clearInterval(usageInterval)
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      // Tracked: closing the platform waits for it before the control plane closes.
      if (platform.config.isPlatform) track(flushEgress(platform))
      // Log events still waiting are written before the control plane closes.
      track(stopLogRecorder(platform))
    },
  }
}

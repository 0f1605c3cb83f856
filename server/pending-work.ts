/**
 * Background work the platform answers without waiting for: kept in `platform.pending` until it
 * settles, so that shutdown (closePlatform) and the tests' `settle()` wait for it.
 */
import type { Platform } from './kernel/platform'

/** Tracks `work` until it settles; answers it unchanged (a rejection still reaches whoever awaits it). */
export function trackPending<T>(platform: Pick<Platform, 'pending'>, work: Promise<T>): Promise<T> {
  platform.pending.add(work)
  void work.then(
    () => platform.pending.delete(work),
    () => platform.pending.delete(work)
  )
  return work
}

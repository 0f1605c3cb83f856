/**
 * Runs a request's transaction that locks a project's row, then looks for due work whatever its
 * outcome. The scheduler claims transitions with `skip locked`: a restore, resize or upgrade
 * committed by another request while this one held the row (to refuse with 409) was passed over
 * by the claim its own kick started, and would wait for the next periodic pass.
 */
import type { Platform } from '../kernel/platform'

export async function lockingProject<T>(platform: Platform, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } finally {
    platform.scheduler.kick()
  }
}

/** Work the platform starts and does not wait for (provisioning): failures are logged, tests can await it. */
import type { Platform } from './platform'

export function track(platform: Platform, work: Promise<unknown>) {
  const tracked = work.catch((error) => console.error('Background task failed:', error)).finally(() => platform.pending.delete(tracked))
  platform.pending.add(tracked)
}

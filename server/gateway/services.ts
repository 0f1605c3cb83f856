/**
 * The platform's project services (platform.services, made with the platform): found by their
 * path segment, released together whenever a project changes under them, closed with the platform.
 */
import type { Platform } from '../kernel/platform'
import type { ProjectService, ReleaseReason } from './types'

export function serviceNamed(platform: Platform, name: string): ProjectService | undefined {
  return platform.services.find((service) => service.name === name)
}

/**
 * Every service lets go of what it holds for a project, before the project's database is paused,
 * replaced by a backup, moved or dropped (a service that fails to says so in the log; the others
 * still let go).
 */
export async function releaseProject(platform: Platform, ref: string, reason: ReleaseReason): Promise<void> {
  const outcomes = await Promise.allSettled(platform.services.map((service) => service.release(ref, reason)))
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected') console.warn(`[gateway] the ${platform.services[i].name} service could not let go of project ${ref}:`, outcome.reason)
  })
}

export async function closeProjectServices(platform: Platform): Promise<void> {
  await Promise.allSettled(platform.services.map((service) => service.close()))
}

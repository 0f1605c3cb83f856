/**
 * Usage measured by the platform (docs/billing.md "Usage"). Every USAGE_SAMPLE_INTERVAL_MS each
 * app instance samples every organization (server/scheduler.ts), and the usage answer samples an
 * organization on demand when its last sample is older than that: figures are at most one
 * interval old. A sample measures each running project's database from the database itself,
 * adds this instance's egress, stores the day's figures (daily-usage.ts), marks the organizations
 * sampled and moves their restriction status (restriction-status.ts).
 *
 * Self-hosted mode has no plans, quotas or restrictions: nothing is sampled.
 */
import type { Platform } from '../kernel/platform'
import { flushEgress } from './egress'
import { recordActiveProjects, recordActiveUsers, recordComputeHours, recordDatabaseSizes, recordImageTransformations, recordStorageSizes, RUNNING_STATUSES } from './daily-usage'
import { updateRestrictions } from './restriction-status'
import type { ProjectDbLocation } from '../databases'
import { updateReadOnlyModes } from '../projects/read-only-mode'

const MEASURES_AT_ONCE = 4

type MeasuredProject = { id: number; ref: string; region: string; db_location: ProjectDbLocation }

/** Measures each running project's database size and stores it; a database that does not answer keeps its last size. */
export async function measureDatabaseSizes(platform: Platform, organizationId: number | null = null): Promise<void> {
  const projects = await platform.db.query<MeasuredProject>(
    `select id::int as id, ref, region, db_location from projects
      where db_location is not null and status = any($1::text[]) and ($2::bigint is null or organization_id = $2)`,
    [RUNNING_STATUSES, organizationId]
  )
  const queue = [...projects]
  const worker = async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      try {
        const bytes = await platform.databases.sizeBytes(project.db_location, project.region)
        await platform.db.query(`update projects set db_size_bytes = $2, db_size_measured_at = now() where id = $1`, [project.id, bytes])
      } catch (error) {
        console.warn(`Measuring the database size of project ${project.ref} failed:`, (error as Error).message)
      }
    }
  }
  await Promise.all(Array.from({ length: MEASURES_AT_ONCE }, worker))
}

export type SampleOptions = {
  /** The moment sampled (tests move it on); the day it falls on receives the figures. */
  now?: Date
  /** Only this organization (an on-demand sample); every organization when unset. */
  organizationId?: number | null
}

/** One sample: sizes, egress, the day's figures, then restriction statuses. */
export async function sampleUsage(platform: Platform, { now = new Date(), organizationId = null }: SampleOptions = {}): Promise<void> {
  if (!platform.config.isPlatform) return
  await measureDatabaseSizes(platform, organizationId)
  // A database past its plan's size goes read-only, one back under it writable (projects/read-only-mode.ts).
  await updateReadOnlyModes(platform, organizationId)
  try {
    await flushEgress(platform)
  } catch (error) {
    // The bytes wait in memory for the next flush; the other figures need not wait for them.
    console.warn('Adding egress to the usage failed:', (error as Error).message)
  }
  // What services count in memory (realtime's messages and peak connections).
  for (const service of platform.services) {
    await service.recordUsage?.(now).catch((error: Error) => console.warn(`Adding the ${service.name} service's usage failed:`, error.message))
  }
  const scope = { now, organizationId }
  await recordDatabaseSizes(platform.db, scope)
  await recordStorageSizes(platform.db, scope)
  await recordImageTransformations(platform.db, scope)
  await recordActiveProjects(platform.db, scope)
  await recordComputeHours(platform.db, scope, 2 * platform.config.usageSampleIntervalMs)
  await recordActiveUsers(platform.db, scope)
  await platform.db.query(`update organizations set usage_sampled_at = $1 where ($2::bigint is null or id = $2)`, [now, organizationId])
  await updateRestrictions(platform, now, organizationId)
}

/** Samples in flight per platform and organization: concurrent readers of one organization share one sample. */
const inFlight = new WeakMap<Platform, Map<number, Promise<void>>>()

/** Samples the organization unless another request of this instance is doing so already; then waits for that one. */
export function sampleOrganization(platform: Platform, organizationId: number): Promise<void> {
  const running = inFlight.get(platform) ?? new Map<number, Promise<void>>()
  inFlight.set(platform, running)
  const existing = running.get(organizationId)
  if (existing) return existing
  const sample = sampleUsage(platform, { organizationId }).finally(() => running.delete(organizationId))
  running.set(organizationId, sample)
  return sample
}

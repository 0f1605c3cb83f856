/**
 * A project's database size as the project home shows it: the same measure the usage sampling
 * stores and quotas compare (databases.sizeBytes), never a second definition. Measured now while
 * the project serves and its organization is not restricted (and stored, so the usage page and
 * quotas see it too); otherwise, or when the measure fails, the last stored size and its time.
 */
import type { DatabaseSize } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'

type Stored = { bytes: string | null; measured_at: Date | string | null }

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString())

export async function databaseSize(platform: Platform, project: ProjectAccess): Promise<DatabaseSize> {
  const serving = project.status === 'ACTIVE_HEALTHY' && project.db_location !== null
  if (serving && project.organization_restriction_status !== 'restricted') {
    try {
      const bytes = await platform.databases.sizeBytes(project.db_location!, project.region)
      const [row] = await platform.db.query<{ measured_at: Date | string }>(
        `update projects set db_size_bytes = $2, db_size_measured_at = now() where id = $1 returning db_size_measured_at as measured_at`,
        [project.id, bytes]
      )
      return { bytes, measured_at: iso(row?.measured_at ?? new Date()), live: true }
    } catch (error) {
      console.warn(`Measuring the database size of project ${project.ref} failed:`, (error as Error).message)
    }
  }
  const [stored] = await platform.db.query<Stored>(`select db_size_bytes::text as bytes, db_size_measured_at as measured_at from projects where id = $1`, [project.id])
  return { bytes: stored?.bytes == null ? null : Number(stored.bytes), measured_at: iso(stored?.measured_at ?? null), live: false }
}

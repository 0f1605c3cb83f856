/**
 * A project's storage settings (project_storage_settings, migration 0048): the largest file it
 * takes, at most its plan's upload size (SPEC §9). What every upload is held to, with its bucket's
 * own limit, is the smaller of the two (`uploadLimitOf`).
 */
import type { PlanId } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import type { Platform } from '../kernel/platform'
import type { UploadLimit } from './context'
import { formatBytes } from './names'

/** The plan's upload size, or the project's own when it is smaller, with the sentence a refusal says. */
export function uploadLimitOf(plan: PlanId, projectLimit: number | null): UploadLimit {
  const planLimit = planNumbers(plan).limits.maxUploadBytes ?? Number.MAX_SAFE_INTEGER
  if (projectLimit !== null && projectLimit < planLimit) return { bytes: projectLimit, sentence: `${formatBytes(projectLimit)} in this project's storage settings` }
  return { bytes: planLimit, sentence: `${formatBytes(planLimit)} on this project's plan` }
}

/** The project's own limit, or null for its plan's. */
export async function projectFileSizeLimit(platform: Platform, ref: string): Promise<number | null> {
  const [row] = await platform.db.query<{ file_size_limit: number | null }>('select file_size_limit::float8 as file_size_limit from project_storage_settings where project_ref = $1', [ref])
  return row?.file_size_limit ?? null
}

export async function setProjectFileSizeLimit(platform: Platform, ref: string, limit: number | null): Promise<void> {
  await platform.db.query(
    `insert into project_storage_settings (project_ref, file_size_limit) values ($1, $2)
     on conflict (project_ref) do update set file_size_limit = excluded.file_size_limit, updated_at = now()`,
    [ref, limit]
  )
}

/** A deleted project's settings go with it. */
export async function removeProjectStorageSettings(platform: Platform, ref: string): Promise<void> {
  await platform.db.query('delete from project_storage_settings where project_ref = $1', [ref])
}

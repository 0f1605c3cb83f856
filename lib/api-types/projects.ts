import { z } from 'zod'
import { textField } from './zod-helpers'
import { PLAN_IDS } from './organizations'

export const PROJECT_STATUSES = [
  'INACTIVE',
  'ACTIVE_HEALTHY',
  'ACTIVE_UNHEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'GOING_DOWN',
  'INIT_FAILED',
  'REMOVED',
  'RESTARTING',
  'RESTORING',
  'RESTORE_FAILED',
  'UPGRADING',
  'PAUSING',
  'PAUSE_FAILED',
  'RESIZING',
] as const
export type ProjectStatus = (typeof PROJECT_STATUSES)[number]

export const CLOUD_PROVIDERS = ['AWS', 'AWS_NEW', 'FLY'] as const
export type CloudProvider = (typeof CLOUD_PROVIDERS)[number]

export type Project = {
  id: number
  ref: string
  name: string
  status: ProjectStatus
  organization_id: number
  organization_slug: string
  cloud_provider: CloudProvider
  region: string
  plan: (typeof PLAN_IDS)[number]
  inserted_at: string
  parent_project_ref: string | null
  preview_branch_refs: string[]
}

export type ProjectDetail = Project & {
  dbVersion: string | null
  postgrestStatus: 'ONLINE' | 'OFFLINE'
  /** Where the database lives: an embedded PGlite or a PostgreSQL server (host name only). */
  db_host: string
  /** Set when provisioning failed (status INIT_FAILED). */
  status_message: string | null
}

export const createProjectBody = z.object({
  name: textField('Project name')
    .trim()
    .min(1, 'Project name is required')
    .max(64, 'Project name must be 64 characters or fewer'),
  organization_slug: textField('organization_slug').min(1, 'organization_slug is required'),
  cloud_provider: z.enum(CLOUD_PROVIDERS, { error: `cloud_provider must be one of ${CLOUD_PROVIDERS.join(', ')}` }).optional(),
  region: z.string().min(1).max(64).optional(),
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }).optional(),
})
export type CreateProjectBody = z.infer<typeof createProjectBody>

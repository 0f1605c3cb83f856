import { z } from 'zod'
import { identifier, textField } from './zod-helpers'
import { PLAN_IDS } from './plans'

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

export const project = z.object({
  id: z.number(),
  ref: z.string(),
  name: z.string(),
  status: z.enum(PROJECT_STATUSES),
  organization_id: z.number(),
  organization_slug: z.string(),
  cloud_provider: z.enum(CLOUD_PROVIDERS),
  region: z.string(),
  plan: z.enum(PLAN_IDS),
  inserted_at: z.string(),
  parent_project_ref: z.string().nullable(),
  preview_branch_refs: z.array(z.string()),
})
export type Project = z.infer<typeof project>

export const projectDetail = project.extend({
  dbVersion: z.string().nullable(),
  postgrestStatus: z.enum(['ONLINE', 'OFFLINE']),
  /** Where the database lives: an embedded PGlite or a PostgreSQL server (host name only). */
  db_host: z.string(),
  /** Why the project is not healthy: a failed set-up (and when it is tried again) or an unreachable database. */
  status_message: z.string().nullable(),
})
export type ProjectDetail = z.infer<typeof projectDetail>

export const createProjectBody = z.object({
  name: textField('Project name')
    .trim()
    .min(1, 'Project name is required')
    .max(64, 'Project name must be 64 characters or fewer'),
  organization_slug: textField('organization_slug').min(1, 'organization_slug is required').max(64, 'organization_slug is not valid'),
  cloud_provider: z.enum(CLOUD_PROVIDERS, { error: `cloud_provider must be one of ${CLOUD_PROVIDERS.join(', ')}` }).optional(),
  region: z.string().min(1).max(64).optional(),
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }).optional(),
})
export type CreateProjectBody = z.infer<typeof createProjectBody>

export const projectParams = z.object({ ref: identifier('ref') })

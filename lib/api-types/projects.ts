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

/**
 * Statuses that end by themselves (work is under way in the background): the dashboard polls the
 * project while it is in one of them.
 */
export const TRANSITIONAL_STATUSES: readonly ProjectStatus[] = ['COMING_UP', 'UNKNOWN', 'PAUSING', 'RESTORING', 'RESTARTING', 'GOING_DOWN', 'UPGRADING', 'RESIZING']
export const isTransitionalStatus = (status: ProjectStatus | undefined): boolean => !!status && TRANSITIONAL_STATUSES.includes(status)

/**
 * Projects in these statuses do not count towards the Free plan's active projects: paused,
 * removed, or on their way out. Every other status (failed ones included) holds a database.
 */
export const NOT_ACTIVE_STATUSES = ['INACTIVE', 'REMOVED', 'GOING_DOWN'] as const satisfies readonly ProjectStatus[]

/** Which lifecycle actions a status allows (the platform refuses the others with a 409). */
export const LIFECYCLE_FROM = {
  pause: ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY', 'PAUSE_FAILED'],
  restore: ['INACTIVE', 'RESTORE_FAILED', 'PAUSE_FAILED'],
  restart: ['ACTIVE_HEALTHY', 'ACTIVE_UNHEALTHY'],
  /** Anything but a project already going or gone. */
  delete: PROJECT_STATUSES.filter((s) => s !== 'GOING_DOWN' && s !== 'REMOVED'),
} as const satisfies Record<string, readonly ProjectStatus[]>
export type LifecycleAction = keyof typeof LIFECYCLE_FROM

export const canTransition = (action: LifecycleAction, status: ProjectStatus): boolean =>
  (LIFECYCLE_FROM[action] as readonly ProjectStatus[]).includes(status)

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
  /** Where the database lives: its PostgreSQL server's host name ('pending' while not set up). */
  db_host: z.string(),
  /** Why the project is not healthy: a failed set-up (and when it is tried again) or an unreachable database. */
  status_message: z.string().nullable(),
  /**
   * Read-only mode (SPEC §7 readonly status): the database is past its plan's size per project, so
   * its sessions start read-only; the note says by how much. Always sent by this platform.
   */
  read_only: z.boolean().optional(),
  read_only_note: z.string().nullable().optional(),
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
  /** A project is on its organization's plan: optional, and refused (400) when it is another plan. */
  plan: z.enum(PLAN_IDS, { error: `plan must be one of ${PLAN_IDS.join(', ')}` }).optional(),
})
export type CreateProjectBody = z.infer<typeof createProjectBody>

export const projectParams = z.object({ ref: identifier('ref') })

/** Project settings → General: the project's new name, with the rules of a new project's. */
export const updateProjectBody = z.object({ name: createProjectBody.shape.name })
export type UpdateProjectBody = z.infer<typeof updateProjectBody>

/**
 * SPEC §7 pause status: projects of Free organizations are paused after a time without activity.
 * `applies` false (a paid plan, self-hosted): never paused for it, `pause_at` null. Otherwise the
 * last activity and the earliest moment the inactivity pause may come (checked periodically).
 */
export const pauseStatus = z.object({
  applies: z.boolean(),
  last_activity_at: z.string().nullable(),
  pause_at: z.string().nullable(),
  inactive_after_seconds: z.number(),
})
export type PauseStatus = z.infer<typeof pauseStatus>

export const createBranchBody = z.object({
  name: textField('Branch name')
    .trim()
    .min(1, 'Branch name is required')
    .max(64, 'Branch name must be 64 characters or fewer'),
})
export type CreateBranchBody = z.infer<typeof createBranchBody>

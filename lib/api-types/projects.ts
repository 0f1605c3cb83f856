import { z } from 'zod'
import { identifier, textField } from './zod-helpers'
import { PLAN_IDS } from './plans'
import { CLOUD_PROVIDERS, PROJECT_STATUSES } from './project-status'

export * from './project-status'

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
  /** Writes allowed until then so that space can be freed (an Owner or Admin asked); null otherwise. */
  read_only_writable_until: z.string().nullable().optional(),
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

/**
 * A project's statuses and what each allows: plain data, apart from the project schemas
 * (./projects.ts) so that the pages that only read a status do not load zod.
 */
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

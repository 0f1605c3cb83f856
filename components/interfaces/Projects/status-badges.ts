import type { ProjectStatus } from '@/lib/api-types'
import type { BadgeVariant } from '@/components/ui'

/** A label of its own for every status of SPEC §4, and how loud it is. Pure data: the browser tests read it too. */
export const STATUS_BADGES: Record<ProjectStatus, [string, BadgeVariant]> = {
  ACTIVE_HEALTHY: ['Active', 'brand'],
  COMING_UP: ['Setting up', 'warning'],
  UNKNOWN: ['Health unknown', 'warning'],
  INIT_FAILED: ['Failed', 'destructive'],
  INACTIVE: ['Paused', 'default'],
  ACTIVE_UNHEALTHY: ['Unhealthy', 'destructive'],
  PAUSING: ['Pausing', 'warning'],
  RESTORING: ['Restoring', 'warning'],
  RESTARTING: ['Restarting', 'warning'],
  GOING_DOWN: ['Deleting', 'warning'],
  PAUSE_FAILED: ['Pause failed', 'destructive'],
  RESTORE_FAILED: ['Restore failed', 'destructive'],
  REMOVED: ['Deleted', 'default'],
  UPGRADING: ['Upgrading', 'warning'],
  RESIZING: ['Resizing', 'warning'],
}

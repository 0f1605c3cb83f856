import type { ProjectStatus } from '@/lib/api-types'
import { Badge, type BadgeVariant } from '@/components/ui'

const LABELS: Partial<Record<ProjectStatus, [string, BadgeVariant]>> = {
  ACTIVE_HEALTHY: ['Active', 'brand'],
  COMING_UP: ['Setting up', 'warning'],
  UNKNOWN: ['Checking', 'warning'],
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
}

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const [label, variant] = LABELS[status] ?? [status.toLowerCase().replace(/_/g, ' '), 'default' as BadgeVariant]
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  )
}

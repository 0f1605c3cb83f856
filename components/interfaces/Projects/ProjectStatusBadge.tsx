import type { ProjectStatus } from '@/lib/api-types'
import { Badge } from '@/components/ui'
import { STATUS_BADGES } from './status-badges'

export { STATUS_BADGES }

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const [label, variant] = STATUS_BADGES[status]
  return (
    <Badge variant={variant} data-status={status}>
      {label}
    </Badge>
  )
}

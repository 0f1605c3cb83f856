import { Badge, type BadgeProps } from '@/components/ui'

/** Marks the way this browser signed in last time. */
export function LastUsedBadge(props: Omit<BadgeProps, 'variant' | 'children'>) {
  return (
    <Badge variant="brand" data-testid="last-used-badge" {...props}>
      Last used
    </Badge>
  )
}

import clsx from 'clsx'
import type { ComponentPropsWithRef } from 'react'

export type BadgeVariant = 'default' | 'brand' | 'warning' | 'destructive' | 'outline'

const variantClasses: Record<BadgeVariant, string> = {
  default: 'bg-surface-raised text-foreground-light border-border',
  brand: 'bg-brand/15 text-brand-strong border-brand/40',
  warning: 'bg-warning/15 text-warning border-warning/40',
  destructive: 'bg-destructive/15 text-destructive border-destructive/40',
  outline: 'bg-transparent text-foreground-light border-border',
}

export interface BadgeProps extends ComponentPropsWithRef<'span'> {
  variant?: BadgeVariant
}

export function Badge({ variant = 'default', className, ...rest }: BadgeProps) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        variantClasses[variant],
        className,
      )}
      {...rest}
    />
  )
}

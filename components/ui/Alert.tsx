import clsx from 'clsx'
import { CircleExclamationPoint, Info, TriangleAlert } from 'lucide-react'
import type { ComponentPropsWithRef, ReactNode } from 'react'

export type AlertVariant = 'info' | 'warning' | 'danger'

const variantStyles: Record<AlertVariant, { box: string; icon: ReactNode }> = {
  info: { box: 'border-border bg-surface-raised', icon: <Info size={16} className="text-foreground-light" /> },
  warning: { box: 'border-warning/40 bg-warning/10', icon: <TriangleAlert size={16} className="text-warning" /> },
  danger: {
    box: 'border-destructive/40 bg-destructive/10',
    icon: <CircleExclamationPoint size={16} className="text-destructive" />,
  },
}

export interface AlertProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  variant?: AlertVariant
  title?: ReactNode
  /** Replaces the variant's icon; pass `null` for none. */
  icon?: ReactNode
  /** Buttons or links on the right. */
  actions?: ReactNode
}

export function Alert({ variant = 'info', title, icon, actions, className, children, ...rest }: AlertProps) {
  const styles = variantStyles[variant]
  return (
    <div
      role={variant === 'danger' ? 'alert' : 'status'}
      className={clsx('flex flex-col gap-3 rounded-md border px-4 py-3 text-sm sm:flex-row', styles.box, className)}
      {...rest}
    >
      <div className="flex min-w-0 flex-1 gap-3">
        {icon !== null && (
          <span aria-hidden="true" className="mt-0.5 shrink-0">
            {icon ?? styles.icon}
          </span>
        )}
        <div className="min-w-0 flex-1">
          {title && <p className="font-medium text-foreground">{title}</p>}
          {children && <div className={clsx('text-foreground-light', title && 'mt-1')}>{children}</div>}
        </div>
      </div>
      {/* Below the text on a phone, beside it from sm up. */}
      {actions && <div className={clsx('flex shrink-0 items-start gap-2', icon !== null && 'pl-7 sm:pl-0')}>{actions}</div>}
    </div>
  )
}

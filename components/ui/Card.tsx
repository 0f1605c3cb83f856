import clsx from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'

export function Card({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={clsx('rounded-lg border border-border bg-surface shadow-xs', className)} {...rest} />
}

export interface CardHeaderProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  title?: ReactNode
  description?: ReactNode
  /** Controls on the right of the header (buttons, menus). */
  actions?: ReactNode
}

export function CardHeader({ title, description, actions, className, children, ...rest }: CardHeaderProps) {
  return (
    // Wraps: when the title would get less than 14rem beside the actions (a phone), the actions
    // go below it instead of squeezing it under themselves.
    <div className={clsx('flex flex-wrap items-start justify-between gap-x-4 gap-y-3 border-b border-border px-5 py-4', className)} {...rest}>
      <div className="min-w-0 flex-1 basis-56">
        {title && <h3 className="text-sm font-medium text-foreground">{title}</h3>}
        {description && <p className="mt-0.5 text-sm text-foreground-light">{description}</p>}
        {children}
      </div>
      {actions && <div className="flex max-w-full flex-wrap items-center gap-2">{actions}</div>}
    </div>
  )
}

export function CardContent({ className, ...rest }: ComponentPropsWithRef<'div'>) {
  return <div className={clsx('px-5 py-4', className)} {...rest} />
}

import clsx from 'clsx'
import type { ComponentPropsWithRef } from 'react'

export interface LabelProps extends ComponentPropsWithRef<'label'> {
  /** Appends a muted "Optional" marker. */
  optional?: boolean
}

export function Label({ className, children, optional, ...rest }: LabelProps) {
  return (
    <label className={clsx('block text-sm font-medium text-foreground', className)} {...rest}>
      {children}
      {optional && <span className="ml-1.5 font-normal text-foreground-lighter">Optional</span>}
    </label>
  )
}

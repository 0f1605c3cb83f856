import clsx from 'clsx'
import type { ComponentPropsWithRef, ReactNode } from 'react'
import { DEFAULT_CONTROL_SIZE, sizeClasses, type ControlSize } from './sizes'
import { Spinner } from './Spinner'

export type ButtonType = 'primary' | 'default' | 'outline' | 'danger' | 'text'

const typeClasses: Record<ButtonType, string> = {
  primary: 'bg-brand text-brand-foreground border-brand hover:bg-brand/85',
  default: 'bg-surface-raised text-foreground border-border hover:bg-border/60',
  outline: 'bg-transparent text-foreground border-border hover:bg-surface-raised',
  danger: 'bg-destructive text-destructive-foreground border-destructive hover:bg-destructive/85',
  text: 'bg-transparent text-foreground-light border-transparent hover:text-foreground hover:bg-surface-raised',
}

export interface ButtonStyleOptions {
  type?: ButtonType
  size?: ControlSize
  block?: boolean
  className?: string
}

/** Button classes, for elements that must look like a button but are not one (e.g. an `<a>`). */
export function buttonClasses({ type = 'default', size = DEFAULT_CONTROL_SIZE, block, className }: ButtonStyleOptions = {}) {
  return clsx(
    'inline-flex shrink-0 items-center justify-center rounded-md border font-medium whitespace-nowrap',
    'transition-colors select-none outline-none focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-1 focus-visible:ring-offset-background',
    'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50',
    typeClasses[type],
    sizeClasses[size],
    block && 'w-full',
    className,
  )
}

export interface ButtonProps extends Omit<ComponentPropsWithRef<'button'>, 'type'> {
  /** Visual variant (not the HTML type: see `htmlType`). */
  type?: ButtonType
  size?: ControlSize
  /** Shows a spinner in place of the icon and disables the button. */
  loading?: boolean
  icon?: ReactNode
  iconRight?: ReactNode
  /** Full width. */
  block?: boolean
  htmlType?: 'button' | 'submit' | 'reset'
}

export function Button({
  type = 'default',
  size = DEFAULT_CONTROL_SIZE,
  loading = false,
  icon,
  iconRight,
  block,
  htmlType = 'button',
  disabled,
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={htmlType}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      data-size={size}
      className={buttonClasses({ type, size, block, className })}
      {...rest}
    >
      {loading ? <Spinner label={null} size={14} /> : icon}
      {children !== undefined && children !== null && <span className="truncate">{children}</span>}
      {iconRight}
    </button>
  )
}

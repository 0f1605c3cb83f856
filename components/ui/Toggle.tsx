import clsx from 'clsx'
import { useState, type ComponentPropsWithRef, type ReactNode } from 'react'
import { useFieldIds } from './FormField'
import { CONTROL_HEIGHTS, DEFAULT_CONTROL_SIZE, toggleLabelClasses, toggleSizeClasses, type ControlSize } from './sizes'

export interface ToggleProps
  extends Omit<ComponentPropsWithRef<'button'>, 'type' | 'value' | 'onChange' | 'role' | 'aria-checked'> {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
  label?: ReactNode
  description?: ReactNode
  /** SPEC §5: shown only once the toggle has been touched (changed or left), or `touched` is set. */
  error?: ReactNode
  /** Shows the error before the user touched the toggle, e.g. after a submit attempt. */
  touched?: boolean
  size?: ControlSize
  /** Classes for the row around switch and texts. */
  containerClassName?: string
}

/** An on/off switch with a label; Space and Enter flip it, a click on the label too. */
export function Toggle({
  id,
  checked,
  onCheckedChange,
  label,
  description,
  error,
  touched: touchedFromOutside = false,
  size = DEFAULT_CONTROL_SIZE,
  disabled,
  className,
  containerClassName,
  onBlur,
  onClick,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: ToggleProps) {
  const [touchedByUser, setTouchedByUser] = useState(false)
  const shownError = touchedByUser || touchedFromOutside ? error : undefined
  const ids = useFieldIds(id, { description, error: shownError })
  const track = toggleSizeClasses[size]

  return (
    <div className={clsx('flex flex-col gap-1', containerClassName)}>
      <div className="flex items-center gap-3" style={{ minHeight: CONTROL_HEIGHTS[size] }}>
        <button
          {...rest}
          id={ids.controlId}
          type="button"
          role="switch"
          aria-checked={checked}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[ids.describedBy, ariaDescribedBy].filter(Boolean).join(' ') || undefined}
          data-size={size}
          data-state={checked ? 'on' : 'off'}
          disabled={disabled}
          onClick={(event) => {
            onClick?.(event)
            if (event.defaultPrevented) return
            setTouchedByUser(true)
            onCheckedChange(!checked)
          }}
          onBlur={(event) => {
            onBlur?.(event)
            setTouchedByUser(true)
          }}
          className={clsx(
            'relative inline-flex shrink-0 cursor-pointer items-center rounded-full border p-0.5 transition-colors outline-none',
            'focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-1 focus-visible:ring-offset-background',
            'disabled:cursor-not-allowed disabled:opacity-50',
            checked ? 'border-brand bg-brand' : 'border-border bg-surface-raised',
            shownError && 'ring-1 ring-destructive',
            track.track,
            className,
          )}
        >
          <span
            aria-hidden="true"
            className={clsx(
              'block rounded-full bg-white shadow-sm transition-transform motion-reduce:transition-none',
              track.knob,
              checked ? track.on : 'translate-x-0',
            )}
          />
        </button>
        {label && (
          <label
            htmlFor={ids.controlId}
            className={clsx(
              'font-medium text-foreground',
              toggleLabelClasses[size],
              disabled ? 'cursor-not-allowed opacity-60' : 'cursor-pointer',
            )}
          >
            {label}
          </label>
        )}
      </div>
      {description && (
        <p id={ids.descriptionId} className="text-xs text-foreground-lighter">
          {description}
        </p>
      )}
      {shownError && (
        <p id={ids.errorId} className="text-xs text-destructive">
          {shownError}
        </p>
      )}
    </div>
  )
}

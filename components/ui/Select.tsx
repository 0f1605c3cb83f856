import clsx from 'clsx'
import { ChevronDown } from 'lucide-react'
import type { ComponentPropsWithRef } from 'react'
import { FieldWrapper, fieldClasses, useFieldIds, type FieldProps } from './FormField'
import { DEFAULT_CONTROL_SIZE, fieldSizeClasses, type ControlSize } from './sizes'

export interface SelectOption {
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'size'>, FieldProps {
  size?: ControlSize
  /** Options to render; alternatively pass `<option>` children. */
  options?: readonly SelectOption[]
}

/** A styled native `<select>`, the same heights as Input and Button. */
export function Select({
  id,
  label,
  description,
  error,
  size = DEFAULT_CONTROL_SIZE,
  options,
  children,
  className,
  containerClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: SelectProps) {
  const ids = useFieldIds(id, { description, error })
  return (
    <FieldWrapper ids={ids} label={label} description={description} error={error} containerClassName={containerClassName}>
      <div className="relative">
        <select
          id={ids.controlId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.describedBy, ariaDescribedBy].filter(Boolean).join(' ') || undefined}
          className={fieldClasses(Boolean(error), clsx('appearance-none pr-8', fieldSizeClasses[size], className))}
          {...rest}
        >
          {options?.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
          {children}
        </select>
        <ChevronDown
          aria-hidden="true"
          size={14}
          className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-foreground-lighter"
        />
      </div>
    </FieldWrapper>
  )
}

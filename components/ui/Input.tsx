import clsx from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { FieldWrapper, fieldClasses, useFieldIds, type FieldProps } from './FormField'
import { DEFAULT_CONTROL_SIZE, fieldSizeClasses, type ControlSize } from './sizes'

export interface InputProps extends Omit<ComponentPropsWithRef<'input'>, 'size'>, FieldProps {
  size?: ControlSize
}

/** A text input with optional label, description and error text. `ref` reaches the `<input>`. */
export function Input({
  id,
  label,
  description,
  error,
  size = DEFAULT_CONTROL_SIZE,
  className,
  containerClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: InputProps) {
  const ids = useFieldIds(id, { description, error })
  return (
    <FieldWrapper ids={ids} label={label} description={description} error={error} containerClassName={containerClassName}>
      <input
        id={ids.controlId}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.describedBy, ariaDescribedBy].filter(Boolean).join(' ') || undefined}
        className={fieldClasses(Boolean(error), clsx(fieldSizeClasses[size], className))}
        {...rest}
      />
    </FieldWrapper>
  )
}

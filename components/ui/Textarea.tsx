import clsx from 'clsx'
import type { ComponentPropsWithRef } from 'react'
import { FieldWrapper, fieldClasses, useFieldIds, type FieldProps } from './FormField'

export interface TextareaProps extends ComponentPropsWithRef<'textarea'>, FieldProps {
  /** Use the monospace font (stack traces, SQL). */
  mono?: boolean
}

export function Textarea({
  id,
  label,
  description,
  error,
  mono,
  rows = 4,
  className,
  containerClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextareaProps) {
  const ids = useFieldIds(id, { description, error })
  return (
    <FieldWrapper ids={ids} label={label} description={description} error={error} containerClassName={containerClassName}>
      <textarea
        id={ids.controlId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.describedBy, ariaDescribedBy].filter(Boolean).join(' ') || undefined}
        className={fieldClasses(Boolean(error), clsx('px-3 py-2', mono ? 'font-mono text-xs' : 'text-sm', className))}
        {...rest}
      />
    </FieldWrapper>
  )
}

import clsx from 'clsx'
import { useId, type ReactNode } from 'react'
import { Label } from './Label'

/** Shared label / description / error wiring for Input, Textarea and Select. */
export interface FieldProps {
  label?: ReactNode
  description?: ReactNode
  /** Error text; shown under the control and marks it aria-invalid. */
  error?: ReactNode
  /** Classes for the wrapper around label, control and texts. */
  containerClassName?: string
}

export function useFieldIds(id: string | undefined, { description, error }: Pick<FieldProps, 'description' | 'error'>) {
  const generated = useId()
  const controlId = id ?? generated
  const labelId = `${controlId}-label`
  const descriptionId = description ? `${controlId}-description` : undefined
  const errorId = error ? `${controlId}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  return { controlId, labelId, descriptionId, errorId, describedBy }
}

/** Common border, background and focus look for text fields and selects. */
export function fieldClasses(invalid: boolean, className?: string) {
  return clsx(
    'block w-full rounded-md border bg-surface text-foreground shadow-xs transition-colors',
    'placeholder:text-foreground-lighter outline-none',
    'focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/30',
    'disabled:cursor-not-allowed disabled:opacity-60',
    invalid ? 'border-destructive focus-visible:border-destructive focus-visible:ring-destructive/30' : 'border-border',
    className,
  )
}

interface FieldWrapperProps extends FieldProps {
  ids: ReturnType<typeof useFieldIds>
  children: ReactNode
}

export function FieldWrapper({ label, description, error, containerClassName, ids, children }: FieldWrapperProps) {
  return (
    <div className={clsx('flex flex-col gap-1.5', containerClassName)}>
      {label && (
        <Label id={ids.labelId} htmlFor={ids.controlId}>
          {label}
        </Label>
      )}
      {children}
      {description && (
        <p id={ids.descriptionId} className="text-xs text-foreground-lighter">
          {description}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

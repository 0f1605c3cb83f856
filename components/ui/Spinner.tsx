import clsx from 'clsx'
import { LoaderCircle } from 'lucide-react'

export interface SpinnerProps {
  /** Icon size in px. */
  size?: number
  className?: string
  /** Accessible name; pass `null` when the spinner is decorative (e.g. inside a busy button). */
  label?: string | null
}

export function Spinner({ size = 16, className, label = 'Loading' }: SpinnerProps) {
  const icon = <LoaderCircle aria-hidden="true" size={size} className={clsx('shrink-0 animate-spin', className)} />
  if (label === null) return icon
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  )
}

import type { ReactNode } from 'react'
import { CopyButton } from '@/components/ui/CopyButton'

/**
 * One value of the page (a URL, a key) with its copy button; `value` null shows `masked` instead
 * and nothing to copy.
 */
export function ValueField({
  label,
  value,
  copyLabel,
  masked,
  badge,
  children,
}: {
  label: string
  value: string | null
  copyLabel: string
  masked?: ReactNode
  badge?: ReactNode
  children?: ReactNode
}) {
  const id = `api-${label.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <span id={id} className="text-sm font-medium text-foreground">
          {label}
        </span>
        {badge}
      </div>
      <div className="flex min-w-0 items-start gap-2">
        <code
          aria-labelledby={id}
          className="min-w-0 flex-1 break-all rounded-md border border-border bg-surface-raised px-3 py-2 font-mono text-xs text-foreground"
        >
          {value ?? masked}
        </code>
        {value !== null && <CopyButton text={value} label={copyLabel} type="default" />}
      </div>
      {children}
    </div>
  )
}

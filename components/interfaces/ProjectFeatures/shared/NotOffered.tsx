import Link from 'next/link'
import type { ReactNode } from 'react'
import { Ban } from 'lucide-react'
import { buttonClasses } from '@/components/ui'

export type NotOfferedProps = {
  /** e.g. "Cron jobs are not offered for this project". */
  title: string
  /** Why: what the database lacks. */
  why: ReactNode
  /** What would enable it (who does what). */
  enable: ReactNode
  /** What the user can do instead, if anything. */
  instead?: { text: ReactNode; href: string; label: string }
}

/**
 * A page whose feature this project's database cannot offer: says so plainly, why, and what would
 * enable it. Never a 404, never pretend data.
 */
export function NotOffered({ title, why, enable, instead }: NotOfferedProps) {
  return (
    <section aria-labelledby="not-offered-title" className="flex flex-col gap-4 rounded-lg border border-dashed border-border px-4 py-6 sm:px-6">
      <div className="flex items-start gap-3">
        <Ban size={20} aria-hidden className="mt-0.5 shrink-0 text-foreground-lighter" />
        <div className="flex min-w-0 flex-col gap-3 text-sm">
          <h2 id="not-offered-title" className="font-medium text-foreground">
            {title}
          </h2>
          <div className="text-foreground-light">
            <h3 className="font-medium text-foreground">Why</h3>
            <div className="mt-1">{why}</div>
          </div>
          <div className="text-foreground-light">
            <h3 className="font-medium text-foreground">What would enable it</h3>
            <div className="mt-1">{enable}</div>
          </div>
          {instead && (
            <div className="text-foreground-light">
              <h3 className="font-medium text-foreground">Instead</h3>
              <div className="mt-1">{instead.text}</div>
              <Link
                href={instead.href}
                className={buttonClasses({
                  type: 'default',
                  size: 'tiny',
                  className: 'mt-2',
                })}
              >
                {instead.label}
              </Link>
            </div>
          )}
        </div>
      </div>
    </section>
  )
}

/** Inline code in the explanations. */
export const Code = ({ children }: { children: ReactNode }) => (
  <code className="break-words rounded bg-surface-raised px-1 font-mono text-xs text-foreground">{children}</code>
)

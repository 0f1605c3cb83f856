import clsx from 'clsx'
import { X, type LucideIcon } from 'lucide-react'
import type { ComponentPropsWithRef, ReactNode } from 'react'

export type BannerTone = 'info' | 'warning' | 'danger'

const tones: Record<BannerTone, { box: string; icon: string }> = {
  info: { box: 'border-border bg-surface-raised', icon: 'text-foreground-light' },
  warning: { box: 'border-warning/40 bg-warning/10', icon: 'text-warning' },
  danger: { box: 'border-destructive/40 bg-destructive/10', icon: 'text-destructive' },
}

export interface BannerProps extends Omit<ComponentPropsWithRef<'div'>, 'children'> {
  tone: BannerTone
  icon: LucideIcon
  /** The sentence: two lines at most on a phone, one from sm up, cut with an ellipsis (the whole of it in the tooltip). */
  children: string
  /** Links on the right. */
  actions?: ReactNode
  /** Shows a close button that calls this. */
  onDismiss?: () => void
}

/**
 * One dashboard banner: a full-width strip 44 px high (SPEC §9), stacked with the others above the
 * page. Its text wraps to two smaller lines on a phone (375 px) and stays on one line from sm up.
 */
export function Banner({ tone, icon: Icon, children, actions, onDismiss, className, ...rest }: BannerProps) {
  const styles = tones[tone]
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={clsx('flex h-[44px] shrink-0 items-center gap-2 overflow-hidden border-b px-3 sm:gap-3 sm:px-4', styles.box, className)}
      {...rest}
    >
      <Icon size={16} aria-hidden="true" className={clsx('shrink-0', styles.icon)} />
      <p title={children} className="line-clamp-2 min-w-0 flex-1 text-xs leading-4 text-foreground sm:line-clamp-1 sm:text-sm sm:leading-5">
        {children}
      </p>
      {actions && <div className="flex shrink-0 items-center gap-2 text-xs sm:text-sm">{actions}</div>}
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="shrink-0 rounded p-1 text-foreground-light hover:bg-foreground/10 hover:text-foreground focus-visible:outline-2 focus-visible:outline-brand"
        >
          <X size={14} aria-hidden="true" />
        </button>
      )}
    </div>
  )
}

/** A banner's link: underlined, never wrapped. */
export const bannerLinkClasses = 'whitespace-nowrap font-medium text-foreground underline underline-offset-2'

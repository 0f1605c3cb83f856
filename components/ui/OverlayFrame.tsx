import clsx from 'clsx'
import { X } from 'lucide-react'
import type { ReactNode } from 'react'

/** The title bar a Modal and a SidePanel share: title, optional description, and a close button. */
export function OverlayHeader({
  titleId,
  descriptionId,
  title,
  description,
  onClose,
  truncateTitle = false,
  className,
}: {
  titleId: string
  descriptionId: string
  title: ReactNode
  description?: ReactNode
  /** Unset: no close button. */
  onClose?: () => void
  truncateTitle?: boolean
  className?: string
}) {
  return (
    <div className={clsx('flex items-start justify-between gap-4 border-b border-border px-5 py-4', className)}>
      <div className="min-w-0">
        <h2 id={titleId} className={clsx('text-base font-medium', truncateTitle && 'truncate')}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-foreground-light">
            {description}
          </p>
        )}
      </div>
      {onClose && (
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          className="-m-1 rounded-md p-1 text-foreground-lighter transition-colors hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
        >
          <X size={16} aria-hidden="true" />
        </button>
      )}
    </div>
  )
}

/** The actions row at the bottom of a Modal or a SidePanel. */
export function OverlayFooter({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={clsx('flex flex-wrap items-center justify-end gap-2 border-t border-border px-5 py-3', className)}>{children}</div>
}

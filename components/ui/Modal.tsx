import clsx from 'clsx'
import { useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { OverlayFooter, OverlayHeader } from './OverlayFrame'
import { modalSizeClasses, type ModalSize } from './sizes'
import { useIsClient } from './useIsClient'
import { OverlayDepth, useOverlay } from './useOverlay'

export interface ModalProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** Buttons row at the bottom, right-aligned. */
  footer?: ReactNode
  size?: ModalSize
  children?: ReactNode
  /** Hide the × button in the header (Escape and the backdrop still close). */
  hideClose?: boolean
  /** Keep the modal open on backdrop click (e.g. while a form is submitting). */
  preventBackdropClose?: boolean
  className?: string
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'medium',
  children,
  hideClose,
  preventBackdropClose,
  className,
}: ModalProps) {
  const mounted = useIsClient() // no portal during SSR / hydration
  const dialogRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const depth = useOverlay({ active: open && mounted, onClose: () => onOpenChange(false), containerRef: dialogRef })

  if (!open || !mounted) return null

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4 sm:items-center">
      <div
        aria-hidden="true"
        data-testid="modal-backdrop"
        className="fixed inset-0 bg-black/50 backdrop-blur-[1px]"
        onClick={() => !preventBackdropClose && onOpenChange(false)}
      />
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={clsx(
          'relative z-10 my-8 w-full rounded-lg border border-border bg-surface text-foreground shadow-xl outline-none',
          modalSizeClasses[size],
          className,
        )}
      >
        <OverlayHeader
          titleId={titleId}
          descriptionId={descriptionId}
          title={title}
          description={description}
          onClose={hideClose ? undefined : () => onOpenChange(false)}
        />
        {children !== undefined && children !== null && (
          <OverlayDepth.Provider value={depth}>
            <div className="px-5 py-4">{children}</div>
          </OverlayDepth.Provider>
        )}
        {footer && <OverlayFooter>{footer}</OverlayFooter>}
      </div>
    </div>,
    document.body,
  )
}

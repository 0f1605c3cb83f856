import clsx from 'clsx'
import { X } from 'lucide-react'
import { createContext, useContext, useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { modalSizeClasses, type ModalSize } from './sizes'
import { useIsClient } from './useIsClient'

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

/**
 * Open modals with their nesting depth. Escape closes only the innermost: the deepest one, and of
 * equally deep ones the last opened. Depth comes from context because effects of nested modals run
 * child first, so the order they open in says nothing about which is inside which.
 */
const openStack: { key: symbol; depth: number }[] = []
const ModalDepth = createContext(0)

function innermost(): symbol | undefined {
  let top: (typeof openStack)[number] | undefined
  for (const entry of openStack) if (!top || entry.depth >= top.depth) top = entry
  return top?.key
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
  const requestClose = useEffectEvent(() => onOpenChange(false))
  const depth = useContext(ModalDepth) + 1

  useEffect(() => {
    if (!open || !mounted) return
    const key = Symbol('modal')
    openStack.push({ key, depth })
    const previouslyFocused = document.activeElement as HTMLElement | null
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'

    // Focus the dialog unless a child took focus itself (autoFocus).
    const dialog = dialogRef.current
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || innermost() !== key) return
      event.preventDefault()
      requestClose()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openStack.splice(
        openStack.findIndex((entry) => entry.key === key),
        1,
      )
      document.body.style.overflow = previousOverflow
      if (previouslyFocused?.isConnected) previouslyFocused.focus()
    }
  }, [open, mounted, depth])

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
        <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="text-base font-medium">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-foreground-light">
                {description}
              </p>
            )}
          </div>
          {!hideClose && (
            <button
              type="button"
              aria-label="Close"
              onClick={() => onOpenChange(false)}
              className="-m-1 rounded-md p-1 text-foreground-lighter transition-colors hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
            >
              <X size={16} aria-hidden="true" />
            </button>
          )}
        </div>
        {children !== undefined && children !== null && (
          <ModalDepth.Provider value={depth}>
            <div className="px-5 py-4">{children}</div>
          </ModalDepth.Provider>
        )}
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-5 py-3">{footer}</div>
        )}
      </div>
    </div>,
    document.body,
  )
}

import clsx from 'clsx'
import { MoreHorizontal } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'

export type MenuAction = { label: string; onSelect: () => void; danger?: boolean }

export type SnippetActionsMenuProps = {
  label: string
  actions: MenuAction[]
  /** Extra content below the actions (the folder picker); a change in it closes the menu. */
  children?: ReactNode
}

/**
 * A "⋯" button with a small panel of actions. Escape or a click outside closes it and focus goes
 * back to the button; the panel's controls are plain buttons in tab order.
 */
export function SnippetActionsMenu({ label, actions, children }: SnippetActionsMenuProps) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const close = (refocus = true) => {
    setOpen(false)
    if (refocus) buttonRef.current?.focus()
  }

  useEffect(() => {
    if (!open) return
    panelRef.current?.querySelector<HTMLElement>('button, select')?.focus()
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.preventDefault()
      setOpen(false)
      buttonRef.current?.focus()
    }
    document.addEventListener('pointerdown', onPointer)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('pointerdown', onPointer)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])

  if (actions.length === 0 && !children) return null
  return (
    <div className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="rounded p-1 text-foreground-lighter hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand"
      >
        <MoreHorizontal size={14} aria-hidden="true" />
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={label}
          onChange={() => close()}
          className="absolute right-0 z-30 mt-1 flex w-52 flex-col rounded-md border border-border bg-surface p-1 shadow-lg"
        >
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              onClick={() => {
                close(false)
                action.onSelect()
              }}
              className={clsx(
                'rounded px-2 py-1.5 text-left text-sm hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none',
                action.danger ? 'text-destructive' : 'text-foreground'
              )}
            >
              {action.label}
            </button>
          ))}
          {children}
        </div>
      )}
    </div>
  )
}

import clsx from 'clsx'
import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

export type MenuItem = { label: string; onSelect: () => void }

export type MenuListProps = {
  id?: string
  label: string
  items: MenuItem[]
  /** `refocus`: false when the menu closed because the user pointed elsewhere. */
  onClose: (refocus: boolean) => void
  /** A press here does not count as "outside" (the button that toggles the menu). */
  ignore?: RefObject<HTMLElement | null>
  className?: string
  style?: CSSProperties
}

/**
 * The open menu of the results area (Export, Copy, a cell's actions): focus starts on the first
 * item, ↑/↓ move, Enter chooses, Escape or Tab closes, and so does a press outside it.
 */
export function MenuList({ id, label, items, onClose, ignore, className, style }: MenuListProps) {
  const ref = useRef<HTMLDivElement>(null)
  const close = useRef(onClose)
  useEffect(() => {
    close.current = onClose
  })
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node
      if (!ref.current?.contains(target) && !ignore?.current?.contains(target)) close.current(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [ignore])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
    const at = entries.indexOf(document.activeElement as HTMLElement)
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault()
      event.stopPropagation()
      onClose(true)
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      const step = event.key === 'ArrowDown' ? 1 : -1
      entries[(at + step + entries.length) % entries.length]?.focus()
    }
  }

  return (
    <div
      ref={ref}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={style}
      className={clsx('z-30 flex w-44 flex-col rounded-md border border-border bg-surface p-1 font-sans shadow-lg', className)}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role="menuitem"
          tabIndex={-1}
          onClick={() => {
            onClose(true)
            item.onSelect()
          }}
          className="rounded px-2 py-1.5 text-left text-xs text-foreground hover:bg-surface-raised focus-visible:bg-surface-raised focus-visible:outline-none"
        >
          {item.label}
        </button>
      ))}
    </div>
  )
}

/** A button that opens a MenuList below it (↓ opens it from the keyboard too). */
export function MenuButton({ label, icon, items, disabled = false }: { label: string; icon?: ReactNode; items: MenuItem[]; disabled?: boolean }) {
  const [open, setOpen] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-foreground-light hover:bg-surface-raised hover:text-foreground focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none disabled:pointer-events-none disabled:opacity-50"
      >
        {icon}
        {label}
        <ChevronDown size={12} aria-hidden="true" />
      </button>
      {open && (
        <MenuList
          id={menuId}
          label={label}
          items={items}
          ignore={buttonRef}
          className="absolute right-0 mt-1"
          onClose={(refocus) => {
            setOpen(false)
            if (refocus) buttonRef.current?.focus()
          }}
        />
      )}
    </div>
  )
}

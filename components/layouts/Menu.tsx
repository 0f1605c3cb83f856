import clsx from 'clsx'
import Link from 'next/link'
import { createContext, useContext, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'

/**
 * A menu button (the WAI-ARIA menu button pattern): the button opens a `menu`; arrow keys, Home
 * and End move between its items; Enter or Space picks one; Escape closes it and gives focus back
 * to the button; so does Tab; a click outside closes it.
 *
 * A `MenuField` holds a control of its own (a listbox, a select) inside the menu: its arrow keys
 * and Escape stay its own, and Tab or Shift+Tab move on to the next or previous item.
 */
type MenuContextValue = { close: () => void }
const MenuContext = createContext<MenuContextValue>({ close: () => undefined })

const FIELD = '[data-menu-field]'
const FOCUSABLE = 'button, select, input, [tabindex]:not([tabindex="-1"])'

/** The places focus can rest in an open menu, in order: its items and the first control of each field. */
function stopsOf(menu: HTMLElement | null): HTMLElement[] {
  if (!menu) return []
  return Array.from(menu.querySelectorAll<HTMLElement>(`[role="menuitem"], ${FIELD}`)).flatMap((el) => {
    if (!el.matches(FIELD)) return [el]
    const control = el.querySelector<HTMLElement>(FOCUSABLE)
    return control ? [control] : []
  })
}

export type MenuProps = {
  /** Accessible name of the menu, e.g. "Account". */
  label: string
  /** What the button shows. */
  buttonContent: ReactNode
  /** Accessible name of the button when its content is not text (an avatar, an icon). */
  buttonLabel?: string
  buttonClassName?: string
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end'
  menuClassName?: string
  children: ReactNode
}

export function Menu({ label, buttonContent, buttonLabel, buttonClassName, align = 'end', menuClassName, children }: MenuProps) {
  const [open, setOpen] = useState(false)
  /** Which item takes focus when the menu opens: the first, or the last (ArrowUp on the button). */
  const [entry, setEntry] = useState<'first' | 'last'>('first')
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()

  const close = (focusButton = true) => {
    setOpen(false)
    if (focusButton) buttonRef.current?.focus()
  }
  const openAt = (at: 'first' | 'last') => {
    setEntry(at)
    setOpen(true)
  }

  useEffect(() => {
    if (!open) return
    const stops = stopsOf(menuRef.current)
    ;(entry === 'last' ? stops.at(-1) : stops[0])?.focus()
  }, [open, entry])

  // A press inside the menu, as React sees it: this includes a field's popup rendered in a portal
  // elsewhere in the page (the theme listbox), which the DOM would call outside.
  const pressedInside = useRef(false)
  useEffect(() => {
    if (!open) return
    // Each press: forgotten on its way down, marked by React (at its root or portal container) on
    // its way up, read when it reaches the document.
    const forget = () => {
      pressedInside.current = false
    }
    const onPointerDown = () => {
      if (!pressedInside.current) setOpen(false)
    }
    document.addEventListener('pointerdown', forget, true)
    document.addEventListener('pointerdown', onPointerDown)
    return () => {
      document.removeEventListener('pointerdown', forget, true)
      document.removeEventListener('pointerdown', onPointerDown)
    }
  }, [open])

  const move = (from: HTMLElement, to: 'next' | 'previous' | 'first' | 'last') => {
    const stops = stopsOf(menuRef.current)
    const index = stops.findIndex((stop) => stop === from || stop.contains(from))
    const target =
      to === 'first'
        ? stops[0]
        : to === 'last'
          ? stops.at(-1)
          : stops[(index + (to === 'next' ? 1 : -1) + stops.length) % stops.length]
    target?.focus()
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    const inField = !!target.closest(FIELD)
    const arrows: Record<string, 'next' | 'previous' | 'first' | 'last'> = { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' }
    if (event.key === 'Escape') {
      // A field's own popup (a listbox) closes first and says so by preventing the default.
      if (event.defaultPrevented) return
      event.preventDefault()
      close()
    } else if (arrows[event.key] && !inField) {
      event.preventDefault()
      move(target, arrows[event.key])
    } else if (event.key === 'Tab') {
      event.preventDefault()
      if (inField) move(target, event.shiftKey ? 'previous' : 'next')
      else close()
    } else if (event.key === ' ' && target.tagName === 'A' && target.getAttribute('role') === 'menuitem') {
      // Space activates a button natively, but not a link.
      event.preventDefault()
      target.click()
    }
  }

  return (
    <div
      className="relative"
      onPointerDown={() => {
        pressedInside.current = true
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        className={buttonClassName}
        onClick={() => (open ? close() : openAt('first'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            openAt(event.key === 'ArrowUp' ? 'last' : 'first')
          }
        }}
      >
        {buttonContent}
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={clsx(
            'absolute top-full z-40 mt-1 flex min-w-48 flex-col rounded-md border border-border bg-surface py-1 text-sm text-foreground shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
            menuClassName
          )}
        >
          <MenuContext.Provider value={{ close }}>{children}</MenuContext.Provider>
        </div>
      )}
    </div>
  )
}

const itemClasses =
  'flex w-full items-center gap-2 px-3 py-1.5 text-left text-foreground-light outline-none hover:bg-surface-raised hover:text-foreground focus-visible:bg-surface-raised focus-visible:text-foreground focus:bg-surface-raised focus:text-foreground'

/** An item that does something. The menu closes first, with focus on its button, so a modal it opens gives focus back there. */
export function MenuItem({ icon, onSelect, children }: { icon?: ReactNode; onSelect: () => void; children: ReactNode }) {
  const { close } = useContext(MenuContext)
  return (
    <button
      type="button"
      role="menuitem"
      tabIndex={-1}
      className={itemClasses}
      onClick={() => {
        close()
        onSelect()
      }}
    >
      {icon}
      {children}
    </button>
  )
}

/** An item that goes somewhere. */
export function MenuLink({ href, icon, children }: { href: string; icon?: ReactNode; children: ReactNode }) {
  const { close } = useContext(MenuContext)
  return (
    <Link href={href} role="menuitem" tabIndex={-1} className={itemClasses} onClick={() => close()}>
      {icon}
      {children}
    </Link>
  )
}

/** A labelled control inside the menu (the theme switcher): reached with the arrow keys, left with Tab. */
export function MenuField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label} data-menu-field="" className="px-3 py-1.5">
      {children}
    </div>
  )
}

/** Text that is not an item: who is signed in, a group's name. */
export function MenuText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div role="none" className={clsx('min-w-0 px-3 py-1.5 text-xs text-foreground-lighter', className)}>
      {children}
    </div>
  )
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-border" />
}

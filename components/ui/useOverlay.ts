import { createContext, useContext, useEffect, useEffectEvent, type RefObject } from 'react'

/**
 * Open overlays (modals, side panels) with their nesting depth. Escape closes only the innermost:
 * the deepest one, and of equally deep ones the last opened. Depth comes from context because
 * effects of nested overlays run child first, so the order they open in says nothing about which
 * is inside which. One stack for every kind of overlay, so a confirm modal opened from a side panel
 * closes on Escape without taking the panel with it.
 */
const openStack: { key: symbol; depth: number }[] = []

/** Provide `depth` (from `useOverlay`) around an overlay's content so overlays inside it nest. */
export const OverlayDepth = createContext(0)

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

/** Tab and Shift+Tab go round inside the overlay instead of into the page behind it. */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent) {
  const focusable = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [inert]'))
  const first = focusable[0]
  const last = focusable[focusable.length - 1]
  const active = document.activeElement
  if (!first || !last) {
    event.preventDefault()
    container.focus()
  } else if (event.shiftKey && (active === first || active === container || !container.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !container.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}

function innermost(): symbol | undefined {
  let top: (typeof openStack)[number] | undefined
  for (const entry of openStack) if (!top || entry.depth >= top.depth) top = entry
  return top?.key
}

export interface UseOverlayOptions {
  /** Open and rendered (a portal target exists). */
  active: boolean
  onClose: () => void
  /** Focused on open unless something inside already took focus (autoFocus). */
  containerRef: RefObject<HTMLElement | null>
}

/**
 * While active: joins the overlay stack, closes on Escape when innermost, keeps Tab inside it,
 * locks the page scroll, focuses the container, and gives focus back to where it was on close.
 * Returns the depth.
 */
export function useOverlay({ active, onClose, containerRef }: UseOverlayOptions): number {
  const depth = useContext(OverlayDepth) + 1
  const requestClose = useEffectEvent(onClose)

  useEffect(() => {
    if (!active) return
    const key = Symbol('overlay')
    openStack.push({ key, depth })
    const previouslyFocused = document.activeElement as HTMLElement | null
    const previousOverflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'

    const container = containerRef.current
    if (container && !container.contains(document.activeElement)) container.focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || innermost() !== key) return
      if (event.key === 'Tab' && containerRef.current) keepFocusInside(containerRef.current, event)
      if (event.key !== 'Escape') return
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
  }, [active, depth, containerRef])

  return depth
}

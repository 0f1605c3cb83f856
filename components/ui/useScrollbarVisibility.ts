import { useEffect, useReducer, useRef, type PointerEvent, type UIEvent } from 'react'
import { isScrollbarVisible, scrollbarVisibilityReducer } from './scrollbar-visibility'
import { SCROLLBAR_HIDE_DELAY_MS } from './timings'

/** Scroll events arrive every frame while scrolling; this long without one means scrolling stopped. */
const SCROLL_END_QUIET_MS = 100

/** Native scroll bar, thin, drawn only while `data-scrollbar-visible` is true. */
export const scrollbarClasses =
  '[scrollbar-width:thin] [scrollbar-color:transparent_transparent] data-[scrollbar-visible=true]:[scrollbar-color:var(--color-foreground-lighter)_transparent]'

/** Whether the pointer is over the element's own scroll bar (the strip outside its client box). */
function isOverScrollbar(element: HTMLElement, clientX: number, clientY: number): boolean {
  const rect = element.getBoundingClientRect()
  const innerRight = rect.left + element.clientLeft + element.clientWidth
  const innerBottom = rect.top + element.clientTop + element.clientHeight
  return (clientX >= innerRight && clientX <= rect.right) || (clientY >= innerBottom && clientY <= rect.bottom)
}

/**
 * Drives the SPEC §4 scroll bar states for a scrolling element: spread the returned props on it
 * and add `scrollbarClasses`. The bar shows on scroll and hides 600 ms after scrolling stops,
 * unless the pointer is on it.
 */
export function useScrollbarVisibility<T extends HTMLElement>() {
  const [state, dispatch] = useReducer(scrollbarVisibilityReducer, 'hidden')
  const scrollEndTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const pointerOnBar = useRef(false)

  useEffect(() => {
    if (state !== 'idle') return
    const timer = setTimeout(() => dispatch('HIDE'), SCROLLBAR_HIDE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [state])

  useEffect(() => () => clearTimeout(scrollEndTimer.current), [])

  return {
    state,
    props: {
      'data-scrollbar': state,
      'data-scrollbar-visible': isScrollbarVisible(state),
      onScroll: (_event: UIEvent<T>) => {
        dispatch('SCROLL')
        clearTimeout(scrollEndTimer.current)
        scrollEndTimer.current = setTimeout(() => dispatch('SCROLL_END'), SCROLL_END_QUIET_MS)
      },
      onPointerMove: (event: PointerEvent<T>) => {
        const over = isOverScrollbar(event.currentTarget, event.clientX, event.clientY)
        if (over === pointerOnBar.current) return
        pointerOnBar.current = over
        dispatch(over ? 'POINTER_ENTER' : 'POINTER_LEAVE')
      },
      onPointerLeave: (_event: PointerEvent<T>) => {
        if (!pointerOnBar.current) return
        pointerOnBar.current = false
        dispatch('POINTER_LEAVE')
      },
    },
  }
}

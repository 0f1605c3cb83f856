import { useLayoutEffect, type RefObject } from 'react'
import { placeFloating, type PlacementOptions } from './anchored-position'

export interface AnchoredPositionOptions extends PlacementOptions {
  /** At least as wide as the anchor (a listbox under its button). */
  matchWidth?: boolean
  /** CSS length capping the height, on top of the room available on the chosen side (e.g. '15rem'). */
  maxHeight?: string
}

/**
 * Keeps a `position: fixed` element next to its anchor while `open`: placed before paint and again
 * on resize and on any scroll that moves the anchor. Writes the element's style directly; nothing
 * re-renders.
 */
export function useAnchoredPosition(
  anchorRef: RefObject<HTMLElement | null>,
  floatingRef: RefObject<HTMLElement | null>,
  open: boolean,
  { matchWidth = false, maxHeight, side, align, gap, margin }: AnchoredPositionOptions,
) {
  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      const anchor = anchorRef.current
      const floating = floatingRef.current
      if (!anchor || !floating) return
      const rect = anchor.getBoundingClientRect()
      if (matchWidth) floating.style.minWidth = `${rect.width}px`
      // Measured at its own cap, before the room on either side is known.
      floating.style.maxHeight = maxHeight ?? ''
      const size = { width: floating.offsetWidth, height: floating.offsetHeight }
      const viewport = { width: window.innerWidth, height: window.innerHeight }
      const placement = placeFloating(rect, size, viewport, { side, align, gap, margin })
      floating.style.left = `${placement.left}px`
      floating.style.top = placement.top === undefined ? '' : `${placement.top}px`
      floating.style.bottom = placement.bottom === undefined ? '' : `${placement.bottom}px`
      floating.style.maxHeight = maxHeight ? `min(${maxHeight}, ${placement.available}px)` : `${placement.available}px`
      floating.dataset.side = placement.side
    }
    place()
    const onScroll = (event: Event) => {
      // The popup scrolling its own content does not move it.
      if (event.target instanceof Node && floatingRef.current?.contains(event.target)) return
      place()
    }
    window.addEventListener('resize', place)
    window.addEventListener('scroll', onScroll, true)
    return () => {
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', onScroll, true)
    }
  }, [open, anchorRef, floatingRef, matchWidth, maxHeight, side, align, gap, margin])
}

/**
 * Where a floating element (a listbox's options, a tooltip) goes next to its anchor: on the
 * preferred side when it fits there, else on the side with more room, inside the viewport.
 * Returned as CSS for `position: fixed`; a popup above is pinned by its bottom edge so its own
 * height does not need to be known.
 */
export interface AnchorRect {
  top: number
  bottom: number
  left: number
  width: number
}

export interface PlacementOptions {
  side: 'top' | 'bottom'
  align: 'start' | 'center'
  /** Space between anchor and popup. */
  gap: number
  /** Space kept free at the viewport's edges. */
  margin: number
}

export interface Placement {
  side: 'top' | 'bottom'
  top?: number
  bottom?: number
  left: number
  /** Room on the chosen side, for the popup's max-height. */
  available: number
}

export function placeFloating(
  anchor: AnchorRect,
  floating: { width: number; height: number },
  viewport: { width: number; height: number },
  { side, align, gap, margin }: PlacementOptions,
): Placement {
  const below = viewport.height - anchor.bottom - gap - margin
  const above = anchor.top - gap - margin
  const preferred = side === 'bottom' ? below : above
  const other = side === 'bottom' ? above : below
  const chosen = preferred >= floating.height || preferred >= other ? side : side === 'bottom' ? 'top' : 'bottom'

  const wanted = align === 'center' ? anchor.left + anchor.width / 2 - floating.width / 2 : anchor.left
  const left = Math.max(margin, Math.min(wanted, viewport.width - margin - floating.width))

  return chosen === 'bottom'
    ? { side: 'bottom', top: anchor.bottom + gap, left, available: Math.max(0, below) }
    : { side: 'top', bottom: viewport.height - anchor.top + gap, left, available: Math.max(0, above) }
}

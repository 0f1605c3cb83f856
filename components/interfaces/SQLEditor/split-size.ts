/**
 * The editor / results split: what share of the height the editor gets. Pure rules, used by
 * `EditorResultsSplit` and `SplitHandle`.
 */

/** Where a first visit starts: half and half. */
export const DEFAULT_EDITOR_FRACTION = 0.5
/** Neither pane goes below this share of the height… */
export const MIN_FRACTION = 0.1
export const MAX_FRACTION = 0.9
/** …nor below these heights in px: a few lines of SQL, and a results header with two rows. */
export const MIN_EDITOR_PX = 80
export const MIN_RESULTS_PX = 120
/** One arrow key press moves the divider this share of the height. */
export const KEY_STEP = 0.05

/**
 * `fraction` kept within the bounds above for a split `totalPx` high. A height too small for both
 * minimums splits it in proportion to them; an unknown height (0, not laid out) keeps only the
 * share bounds.
 */
export function clampFraction(fraction: number, totalPx: number): number {
  if (!Number.isFinite(fraction)) return DEFAULT_EDITOR_FRACTION
  let lower = MIN_FRACTION
  let upper = MAX_FRACTION
  if (totalPx > 0) {
    if (totalPx < MIN_EDITOR_PX + MIN_RESULTS_PX) return MIN_EDITOR_PX / (MIN_EDITOR_PX + MIN_RESULTS_PX)
    lower = Math.max(lower, MIN_EDITOR_PX / totalPx)
    upper = Math.min(upper, 1 - MIN_RESULTS_PX / totalPx)
  }
  return Math.min(upper, Math.max(lower, fraction))
}

/** The divider at `offsetPx` from the split's top edge, as the editor's share. */
export function fractionAt(offsetPx: number, totalPx: number): number {
  return totalPx > 0 ? clampFraction(offsetPx / totalPx, totalPx) : DEFAULT_EDITOR_FRACTION
}

/** The share after a key press on the divider, or null for a key it does not use. */
export function fractionAfterKey(fraction: number, key: string, totalPx: number): number | null {
  switch (key) {
    case 'ArrowUp':
      return clampFraction(fraction - KEY_STEP, totalPx)
    case 'ArrowDown':
      return clampFraction(fraction + KEY_STEP, totalPx)
    case 'Home':
      return clampFraction(0, totalPx)
    case 'End':
      return clampFraction(1, totalPx)
    default:
      return null
  }
}

/** A stored share, or null when nothing usable is stored (absent, edited by hand, another version). */
export function parseStoredFraction(value: string | null): number | null {
  if (value === null || value.trim() === '') return null
  const fraction = Number(value)
  return Number.isFinite(fraction) && fraction > 0 && fraction < 1 ? fraction : null
}

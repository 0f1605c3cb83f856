/** SPEC §9 UI timings in one place. */

/** How long a toast stays on screen. */
export const TOAST_DURATION_MS = 4000

/** A scroll bar hides this long after scrolling stops. */
export const SCROLLBAR_HIDE_DELAY_MS = 600

/** Pause before a tooltip shows on hover, so moving the pointer across a list does not flash them. */
export const TOOLTIP_SHOW_DELAY_MS = 300

/**
 * SPEC §4 scroll bar visibility. A scroll bar is drawn only while it is useful:
 *
 *   hidden ──scroll──► scrolling ──scroll end──► idle ──(600 ms)──► hidden
 *                          │                     ▲  │
 *                     pointer enter      pointer │  │ pointer enter / scroll
 *                          ▼              leave  │  ▼
 *                     interacting ───────────────┘  (back to interacting / scrolling)
 *
 * "interacting" is a pointer on the scroll bar itself: the bar stays while it is being grabbed,
 * whatever the scroll position does.
 */
export type ScrollbarVisibility = 'hidden' | 'scrolling' | 'interacting' | 'idle'

export type ScrollbarEvent = 'SCROLL' | 'SCROLL_END' | 'POINTER_ENTER' | 'POINTER_LEAVE' | 'HIDE'

const transitions: Record<ScrollbarVisibility, Partial<Record<ScrollbarEvent, ScrollbarVisibility>>> = {
  hidden: { SCROLL: 'scrolling' },
  scrolling: { SCROLL_END: 'idle', POINTER_ENTER: 'interacting' },
  interacting: { POINTER_LEAVE: 'idle' },
  idle: { HIDE: 'hidden', SCROLL: 'scrolling', POINTER_ENTER: 'interacting' },
}

/** The next state; an event a state does not expect leaves it as it is. */
export function scrollbarVisibilityReducer(state: ScrollbarVisibility, event: ScrollbarEvent): ScrollbarVisibility {
  return transitions[state][event] ?? state
}

/** Whether the bar is drawn in this state (idle keeps it until the hide delay has passed). */
export function isScrollbarVisible(state: ScrollbarVisibility): boolean {
  return state !== 'hidden'
}

import { isScrollbarVisible, scrollbarVisibilityReducer, type ScrollbarEvent, type ScrollbarVisibility } from './scrollbar-visibility'

describe('scrollbarVisibilityReducer', () => {
  it.each([
    ['hidden', 'SCROLL', 'scrolling'],
    ['hidden', 'SCROLL_END', 'hidden'],
    ['hidden', 'POINTER_ENTER', 'hidden'],
    ['hidden', 'HIDE', 'hidden'],
    ['scrolling', 'SCROLL', 'scrolling'],
    ['scrolling', 'SCROLL_END', 'idle'],
    ['scrolling', 'POINTER_ENTER', 'interacting'],
    ['scrolling', 'HIDE', 'scrolling'],
    ['interacting', 'SCROLL', 'interacting'],
    ['interacting', 'SCROLL_END', 'interacting'],
    ['interacting', 'HIDE', 'interacting'],
    ['interacting', 'POINTER_LEAVE', 'idle'],
    ['idle', 'HIDE', 'hidden'],
    ['idle', 'SCROLL', 'scrolling'],
    ['idle', 'POINTER_ENTER', 'interacting'],
    ['idle', 'POINTER_LEAVE', 'idle'],
  ] as [ScrollbarVisibility, ScrollbarEvent, ScrollbarVisibility][])('%s + %s → %s', (state, event, next) => {
    expect(scrollbarVisibilityReducer(state, event)).toBe(next)
  })

  it('draws the bar in every state but hidden', () => {
    expect(isScrollbarVisible('hidden')).toBe(false)
    expect(isScrollbarVisible('scrolling')).toBe(true)
    expect(isScrollbarVisible('interacting')).toBe(true)
    expect(isScrollbarVisible('idle')).toBe(true)
  })
})

import { isSwipeToClose, swipeTowardsEdge } from './swipe'

describe('swipe to close a side panel', () => {
  it.each([
    // side, dx, dy, closes
    ['right', 101, 0, true],
    ['right', 100, 0, false], // "past" 100 px
    ['right', 150, 40, true],
    ['right', -150, 0, false], // towards the middle of the screen
    ['right', 120, 130, false], // mostly vertical: scrolling the panel
    ['left', -101, 0, true],
    ['left', 101, 0, false],
    ['left', -60, 0, false],
  ] as const)('%s panel, dx %i dy %i → closes %s', (side, dx, dy, closes) => {
    expect(isSwipeToClose(side, { dx, dy })).toBe(closes)
  })

  it('measures only the part towards the edge', () => {
    expect(swipeTowardsEdge('right', { dx: 30, dy: 5 })).toBe(30)
    expect(swipeTowardsEdge('right', { dx: -30, dy: 5 })).toBe(0)
    expect(swipeTowardsEdge('left', { dx: -30, dy: 5 })).toBe(30)
  })

  it('takes another threshold', () => {
    expect(isSwipeToClose('right', { dx: 60, dy: 0 }, 50)).toBe(true)
  })
})

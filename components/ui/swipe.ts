import { SWIPE_CLOSE_THRESHOLD_PX } from './sizes'

export type PanelSide = 'left' | 'right'

export interface SwipeDelta {
  /** Horizontal movement since the touch started, positive to the right. */
  dx: number
  /** Vertical movement since the touch started, positive downwards. */
  dy: number
}

/**
 * How far a touch has moved towards the panel's edge (right for a right panel), 0 when it moves
 * away from it or is mostly vertical (the user is scrolling the panel, not dismissing it).
 */
export function swipeTowardsEdge(side: PanelSide, { dx, dy }: SwipeDelta): number {
  if (Math.abs(dy) > Math.abs(dx)) return 0
  const towards = side === 'right' ? dx : -dx
  return Math.max(0, towards)
}

/** SPEC §9: a swipe towards the panel's edge past 100 px closes it. */
export function isSwipeToClose(side: PanelSide, delta: SwipeDelta, threshold = SWIPE_CLOSE_THRESHOLD_PX): boolean {
  return swipeTowardsEdge(side, delta) > threshold
}

import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False during server rendering and hydration, true afterwards: for values only the browser knows
 * (the stored theme, a portal target) without a mount effect that renders twice.
 */
export function useIsClient(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false
  )
}

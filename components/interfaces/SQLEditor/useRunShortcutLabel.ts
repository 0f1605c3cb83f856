import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

function isApplePlatform() {
  const nav = navigator as Navigator & { userAgentData?: { platform?: string } }
  const platform = nav.userAgentData?.platform || nav.platform || nav.userAgent
  return /mac|iphone|ipad|ipod/i.test(platform)
}

/**
 * '⌘↵' on Apple platforms, 'Ctrl↵' elsewhere. The server render (and its hydration) says
 * 'Ctrl↵'; the browser then switches to the real platform's label.
 */
export function useRunShortcutLabel() {
  const mac = useSyncExternalStore(subscribe, isApplePlatform, () => false)
  return mac ? '⌘↵' : 'Ctrl↵'
}

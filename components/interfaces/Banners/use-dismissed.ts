import { useCallback, useSyncExternalStore } from 'react'

// Every banner reading the key (and other tabs, through `storage`) follows a dismissal at once.
const listeners = new Set<() => void>()
/** Dismissed while storage refused to keep it: hidden for this page's life only. */
const dismissedInMemory = new Set<string>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function isDismissed(key: string): boolean {
  if (dismissedInMemory.has(key)) return true
  try {
    return window.localStorage.getItem(key) === 'true'
  } catch {
    return false // storage blocked
  }
}

/**
 * Whether something was dismissed in this browser (`key` of LOCAL_STORAGE_KEYS), and the way to
 * dismiss it. The server render says "not dismissed"; the browser then reads the truth.
 */
export function useDismissed(key: string): [boolean, () => void] {
  const dismissed = useSyncExternalStore(
    subscribe,
    () => isDismissed(key),
    () => false
  )
  const dismiss = useCallback(() => {
    try {
      window.localStorage.setItem(key, 'true')
    } catch {
      dismissedInMemory.add(key) // storage full or blocked
    }
    listeners.forEach((listener) => listener())
  }, [key])
  return [dismissed, dismiss]
}

import { useCallback, useSyncExternalStore } from 'react'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { DEFAULT_EDITOR_FRACTION, parseStoredFraction } from './split-size'

const KEY = LOCAL_STORAGE_KEYS.SQL_EDITOR_SPLIT

// Every editor on the page (and other tabs, through `storage`) follows one choice.
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function read(): number {
  try {
    return parseStoredFraction(window.localStorage.getItem(KEY)) ?? DEFAULT_EDITOR_FRACTION
  } catch {
    return DEFAULT_EDITOR_FRACTION // storage blocked
  }
}

/** The editor's share of the split as remembered in this browser (SSR and the first render: half). */
export function useEditorSplit(): [number, (fraction: number) => void] {
  const fraction = useSyncExternalStore(subscribe, read, () => DEFAULT_EDITOR_FRACTION)
  const setFraction = useCallback((next: number) => {
    try {
      window.localStorage.setItem(KEY, String(Math.round(next * 1000) / 1000))
    } catch {
      // Storage full or blocked: the split still moves, it is just not remembered.
    }
    listeners.forEach((listener) => listener())
  }, [])
  return [fraction, setFraction]
}

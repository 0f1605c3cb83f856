/**
 * A value remembered in this browser's localStorage (a key of LOCAL_STORAGE_KEYS), read as an
 * external store: every component reading the key, and other tabs through `storage` events,
 * follow a change at once. The server render and the first render say the fallback.
 */
import { useCallback, useSyncExternalStore } from 'react'

export type StoredValueCodec<T> = {
  /** The stored text → a value; anything unknown (another version, edited by hand) → the fallback. */
  parse: (raw: string | null) => T
  serialize: (value: T) => string
  fallback: T
}

const listeners = new Set<() => void>()
/** Written while storage refused it (full or blocked): kept for this page's life only. */
const inMemory = new Map<string, string>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  window.addEventListener('storage', listener)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', listener)
  }
}

function readRaw(key: string): string | null {
  if (inMemory.has(key)) return inMemory.get(key)!
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null // storage blocked
  }
}

export function useStoredValue<T>(key: string, { parse, serialize, fallback }: StoredValueCodec<T>): [T, (value: T) => void] {
  // The raw text is the snapshot (stable between reads); parsing it is cheap.
  const raw = useSyncExternalStore(subscribe, () => readRaw(key), () => null)
  const value = raw === null ? fallback : parse(raw)
  const setValue = useCallback(
    (next: T) => {
      const text = serialize(next)
      try {
        window.localStorage.setItem(key, text)
        inMemory.delete(key)
      } catch {
        inMemory.set(key, text)
      }
      listeners.forEach((listener) => listener())
    },
    [key, serialize]
  )
  return [value, setValue]
}

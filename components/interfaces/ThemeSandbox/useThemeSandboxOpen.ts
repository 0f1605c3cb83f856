import { useCallback, useSyncExternalStore } from 'react'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { isSandboxRequested, THEME_SANDBOX_HASH } from './theme-sandbox.utils'

/** Said when the sandbox closes or its saved setting changes here (no hashchange for those). */
const CHANGE = 'theme-sandbox-change'

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange)
  window.addEventListener('storage', onChange)
  window.addEventListener(CHANGE, onChange)
  return () => {
    window.removeEventListener('hashchange', onChange)
    window.removeEventListener('storage', onChange)
    window.removeEventListener(CHANGE, onChange)
  }
}

const saved = () => window.localStorage.getItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX)

/**
 * Whether the sandbox is open (from `#theme-sandbox` or the saved setting), whether it is kept
 * open on every page, and the ways to change both. Closed while rendering on the server.
 */
export function useThemeSandboxOpen() {
  const open = useSyncExternalStore(subscribe, () => isSandboxRequested(window.location.hash, saved()), () => false)
  const kept = useSyncExternalStore(subscribe, () => saved() === 'true', () => false)

  const keepOpen = useCallback((keep: boolean) => {
    if (keep) window.localStorage.setItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX, 'true')
    else window.localStorage.removeItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX)
    window.dispatchEvent(new Event(CHANGE))
  }, [])

  const close = useCallback(() => {
    window.localStorage.removeItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX)
    if (window.location.hash === THEME_SANDBOX_HASH) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
    window.dispatchEvent(new Event(CHANGE))
  }, [])

  return { open, kept, keepOpen, close }
}

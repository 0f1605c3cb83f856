import { useSyncExternalStore } from 'react'
import { readLastSignInMethod } from '@/lib/auth/last-sign-in-method'

function subscribe(onChange: () => void) {
  // Another tab signing in changes it too.
  window.addEventListener('storage', onChange)
  return () => window.removeEventListener('storage', onChange)
}

/** How this browser signed in last time ('email' or a provider); null on the server and when unknown. */
export function useLastSignInMethod(): string | null {
  return useSyncExternalStore(subscribe, () => readLastSignInMethod(), () => null)
}

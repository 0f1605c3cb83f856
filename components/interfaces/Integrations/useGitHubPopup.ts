import { useEffect, useRef } from 'react'
import { toast } from 'sonner'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { callbackUrl, openPopup, withState } from '@/lib/github-app/popup'
import { endAuthorization, startAuthorization } from '@/lib/github-app/state'

export const POPUP_BLOCKED = 'Your browser blocked the GitHub window. Allow pop-ups for this site, then try again.'

/**
 * Opens GitHub's authorize or install page in the 600 × 800 pop-up with a fresh state for the
 * organization, and calls `onFinished` when the pop-up's callback page has ended it (it removes
 * the state from localStorage: this window hears it as a storage event, even when GitHub's pages
 * cut the pop-up's link to its opener).
 */
export function useGitHubPopup(slug: string, onFinished: () => void) {
  const finished = useRef(onFinished)
  useEffect(() => {
    finished.current = onFinished
  }, [onFinished])

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE && event.newValue === null) finished.current()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  /** `pageUrl`: the settings' authorize_url (comes back with a code) or install_url. */
  return function open(pageUrl: string, { authorize }: { authorize: boolean }) {
    const { state } = startAuthorization(slug)
    const popup = openPopup(withState(pageUrl, state, authorize ? callbackUrl(window.location.origin) : undefined))
    if (!popup) {
      endAuthorization()
      toast.error(POPUP_BLOCKED)
      return
    }
    popup.focus()
  }
}

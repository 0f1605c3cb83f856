import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { startAiAssistantPersistence } from '@/state/ai-assistant'

/**
 * Loads the stored conversation and keeps storing it, from the first render the URL is known
 * (so `?aiAssistantPanelOpen=true` opens the panel), for as long as the caller is mounted. Only
 * the one query parameter it reads restarts it: the stored copy is current, so that reloads
 * nothing but the parameter's effect.
 */
export function useAiAssistantPersistence() {
  const router = useRouter()
  const ready = router.isReady
  const openParam = router.query.aiAssistantPanelOpen
  useEffect(() => {
    if (!ready) return
    return startAiAssistantPersistence(window.localStorage, { aiAssistantPanelOpen: openParam })
  }, [ready, openParam])
}

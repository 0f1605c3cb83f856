import { useEffect, useRef } from 'react'
import { useRouter } from 'next/router'
import { useSnapshot } from 'valtio'
import { useAuth } from '@/components/auth/AuthProvider'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { setTelemetryGroups, setTelemetryPlatform } from '@/data/telemetry/context'
import { sendGroupChange } from '@/data/telemetry/groups'
import { identifyTelemetryUser } from '@/data/telemetry/identify'
import { sendCurrentPage } from '@/data/telemetry/send-page'
import type { TelemetryGroups } from '@/lib/api-types'
import { groupChange, groupsOf, routeKind } from '@/lib/telemetry/route-kind'
import { consentState } from '@/state/consent'

/**
 * Sends what SPEC §7 says the dashboard sends while consent is 'true' (mounted once, in _app):
 * - a page view on first load, after each completed route change, and as the page is left;
 * - identify, once per signed-in user;
 * - groups identify on entering a project or organization route, groups reset on leaving it
 *   (hosted platform only, signed in).
 * Nothing without consent; failures are only logged. Renders nothing.
 */
export function TelemetryTracker() {
  const router = useRouter()
  const { consent } = useSnapshot(consentState)
  const enabled = consent === 'true'
  const isPlatform = useIsPlatform()
  const { session } = useAuth()
  const userId = session?.user.id

  useEffect(() => setTelemetryPlatform(isPlatform), [isPlatform])

  usePageViews(router.events)

  const identified = useRef<string | undefined>(undefined)
  useEffect(() => {
    if (!userId) identified.current = undefined
    if (!enabled || !userId || identified.current === userId) return
    identified.current = userId
    identifyTelemetryUser(userId).catch((error) => {
      identified.current = undefined // tried again on the next change
      console.error('Problem sending telemetry identify', error)
    })
  }, [enabled, userId])

  // The groups as text, so that the effect runs when they change, not on every render.
  const groupsKey = JSON.stringify(groupsOf(routeKind(router.pathname, router.query)))
  const sentGroups = useRef<TelemetryGroups>({})
  useEffect(() => {
    const groups = JSON.parse(groupsKey) as TelemetryGroups
    setTelemetryGroups(groups) // events carry them, whatever is sent here
    // Groups are the signed-in user's (the routes answer 401 without a session): none are sent
    // before the session is known or after sign-out, and the current group is identified again
    // once consent or the session comes back.
    if (!enabled || !isPlatform || !userId) {
      sentGroups.current = {}
      return
    }
    const change = groupChange(sentGroups.current, groups)
    sentGroups.current = groups
    void sendGroupChange(change)
  }, [groupsKey, enabled, isPlatform, userId])

  return null
}

type RouterEvents = ReturnType<typeof useRouter>['events']

/** Page views: consent is checked at each send (the stored value, whichever tab set it). */
function usePageViews(events: RouterEvents) {
  const firstLoadSent = useRef(false)
  useEffect(() => {
    if (!firstLoadSent.current) {
      firstLoadSent.current = true
      void sendCurrentPage()
    }
    const onRouteChangeComplete = () => void sendCurrentPage()
    const onBeforeUnload = () => void sendCurrentPage({ leave: true })
    events.on('routeChangeComplete', onRouteChangeComplete)
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => {
      events.off('routeChangeComplete', onRouteChangeComplete)
      window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [events])
}

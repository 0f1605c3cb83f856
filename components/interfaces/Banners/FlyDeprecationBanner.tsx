import { useRouter } from 'next/router'
import { CalendarClock } from 'lucide-react'
import { useRuntimeConfigQuery } from '@/data/config/config-query'
import { useProfileQuery } from '@/data/profile/profile-query'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { Banner } from './Banner'
import { FLY_NOTICE_MESSAGE } from './banners.constants'
import { emailInDomains, isSignInPath } from './banners.utils'
import { useDismissed } from './use-dismissed'

/**
 * SPEC §4–5, §9: the deprecation notice of Postgres projects hosted on Fly, for users whose primary
 * email is of a customer domain the server names (FLY_NOTICE_EMAIL_DOMAINS), never on the sign-in
 * pages. Once dismissed it stays hidden in this browser.
 */
export function FlyDeprecationBanner() {
  const { pathname } = useRouter()
  const domains = useRuntimeConfigQuery().data?.flyNoticeEmailDomains ?? []
  const email = useProfileQuery({ enabled: domains.length > 0 }).data?.primary_email
  const [dismissed, dismiss] = useDismissed(LOCAL_STORAGE_KEYS.FLY_NOTICE_DISMISSED)
  if (dismissed || isSignInPath(pathname) || !emailInDomains(email, domains)) return null
  return (
    <Banner tone="warning" icon={CalendarClock} onDismiss={dismiss} data-testid="fly-deprecation-banner">
      {FLY_NOTICE_MESSAGE}
    </Banner>
  )
}

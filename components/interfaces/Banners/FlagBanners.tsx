import { Info, TriangleAlert } from 'lucide-react'
import { FLAG_KEYS } from '@/lib/api-types/flag-keys'
import { useFlagValue } from '@/data/feature-flags/use-flag'
import { isFlagOn } from '@/lib/feature-flags/evaluate'
import { Banner } from './Banner'
import { DEFAULT_INCIDENT_MESSAGE, DEFAULT_NOTICE_MESSAGE } from './banners.constants'
import { bannerText } from './banners.utils'

/** SPEC §6: an ongoing incident, while the ongoingIncident flag is on; the flag's text says what is happening. */
export function IncidentBanner() {
  const value = useFlagValue(FLAG_KEYS.ongoingIncident)
  if (!isFlagOn(value)) return null
  return (
    <Banner tone="danger" icon={TriangleAlert} data-testid="incident-banner">
      {bannerText(value, DEFAULT_INCIDENT_MESSAGE)}
    </Banner>
  )
}

/** SPEC §6: a notice to every user, while the noticeBanner flag is on; the flag's text is the notice. */
export function NoticeBanner() {
  const value = useFlagValue(FLAG_KEYS.noticeBanner)
  if (!isFlagOn(value)) return null
  return (
    <Banner tone="info" icon={Info} data-testid="notice-banner">
      {bannerText(value, DEFAULT_NOTICE_MESSAGE)}
    </Banner>
  )
}

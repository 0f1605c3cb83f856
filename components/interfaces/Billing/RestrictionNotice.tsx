import { Alert } from '@/components/ui'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import type { Organization, Subscription } from '@/lib/api-types'
import { restrictionBannerText } from '@/lib/restriction-banner'

/**
 * The organization's restriction (SPEC §4) where its plan is shown: the banner's sentence, what
 * was over the quota (from the usage answer) and how to end it. Nothing when unrestricted.
 */
export function RestrictionNotice({ org, restriction }: { org: Organization; restriction: Pick<Subscription, 'restriction_status' | 'restriction_data'> }) {
  const usage = useOrganizationUsageQuery({ slug: org.slug })
  const text = restrictionBannerText(restriction)
  if (!text) return null
  return (
    <Alert variant={restriction.restriction_status === 'restricted' ? 'danger' : 'warning'} title={text}>
      {usage.data?.quota_note && <p>{usage.data.quota_note}</p>}
      <p>Pause or delete the projects over the quota, free space in them, or move to a plan that includes more.</p>
    </Alert>
  )
}

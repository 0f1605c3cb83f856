import Link from 'next/link'
import { OctagonAlert, TriangleAlert } from 'lucide-react'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProfileQuery } from '@/data/profile/profile-query'
import { restrictionBannerText } from '@/lib/restriction-banner'
import { Banner, bannerLinkClasses } from './Banner'

/** The platform samples usage every minute by default: the banner follows it while the page is open. */
const STATUS_REFRESH_MS = 60_000

/**
 * The organization restriction banner (SPEC §4, §6), for a signed-in user with a profile, for the
 * organization of the page (the current project's, or the /org page's). The platform computes the
 * status from measured usage.
 */
export function RestrictionBanner({ slug, className }: { slug: string | undefined; className?: string }) {
  const profile = useProfileQuery()
  const organizations = useOrganizationsQuery({ enabled: !!profile.data && !!slug, refetchInterval: STATUS_REFRESH_MS })
  const org = organizations.data?.find((o) => o.slug === slug)
  const text = org ? restrictionBannerText(org) : null
  if (!profile.data || !org || !text) return null
  const restricted = org.restriction_status === 'restricted'
  return (
    <Banner
      tone={restricted ? 'danger' : 'warning'}
      icon={restricted ? OctagonAlert : TriangleAlert}
      data-testid="restriction-banner"
      className={className}
      actions={
        <Link href={`/org/${org.slug}/billing`} className={bannerLinkClasses}>
          More information
        </Link>
      }
    >
      {text}
    </Banner>
  )
}

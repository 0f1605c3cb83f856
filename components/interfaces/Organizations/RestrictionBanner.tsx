import Link from 'next/link'
import { Alert } from '@/components/ui'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProfileQuery } from '@/data/profile/profile-query'
import { restrictionBannerText } from '@/lib/restriction-banner'

/** The platform samples usage every minute by default: the banner follows it while the page is open. */
const STATUS_REFRESH_MS = 60_000

/**
 * The organization restriction banner (SPEC §4), for a signed-in user with a profile, for the
 * organization of the page (the current project's, or the /org page's). The platform computes the
 * status from measured usage.
 */
export function RestrictionBanner({ slug, className }: { slug: string | undefined; className?: string }) {
  const profile = useProfileQuery()
  const organizations = useOrganizationsQuery({ enabled: !!profile.data, refetchInterval: STATUS_REFRESH_MS })
  const org = organizations.data?.find((o) => o.slug === slug)
  const text = org ? restrictionBannerText(org) : null
  if (!profile.data || !org || !text) return null
  return (
    <Alert
      variant={org.restriction_status === 'restricted' ? 'danger' : 'warning'}
      data-testid="restriction-banner"
      className={className}
      actions={
        <Link href={`/org/${org.slug}/billing`} className="text-sm font-medium text-foreground underline underline-offset-2">
          More information
        </Link>
      }
    >
      {text}
    </Alert>
  )
}

import { ClockSkewBanner } from './ClockSkewBanner'
import { IncidentBanner, NoticeBanner } from './FlagBanners'
import { FlyDeprecationBanner } from './FlyDeprecationBanner'
import { ReadOnlyBanner } from './ReadOnlyBanner'
import { RestrictionBanner } from './RestrictionBanner'

/**
 * The dashboard-wide banners (SPEC §1, §6), stacked above every signed-in page, most urgent first:
 * an ongoing incident, a notice, the clock skew, the organization's restriction, the page's project
 * in read-only mode and the Fly Postgres deprecation notice. Each shows itself only when its flag or condition says so.
 */
export function DashboardBanners({ organizationSlug, projectRef }: { organizationSlug?: string; projectRef?: string }) {
  return (
    <div className="flex flex-col" data-testid="dashboard-banners">
      <IncidentBanner />
      <NoticeBanner />
      <ClockSkewBanner />
      <RestrictionBanner slug={organizationSlug} />
      <ReadOnlyBanner projectRef={projectRef} />
      <FlyDeprecationBanner />
    </div>
  )
}

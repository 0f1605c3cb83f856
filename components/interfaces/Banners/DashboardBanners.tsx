/** Placeholder until the feature lands; mounted by the app shell above every signed-in page. */
export function DashboardBanners({ organizationSlug }: { organizationSlug?: string }): null {
  void organizationSlug
  return null
}

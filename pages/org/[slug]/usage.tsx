import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { UsagePage } from '@/components/interfaces/Billing/UsagePage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** What the platform measured for the organization, per metric and per day, over a chosen period. */
const OrganizationUsagePage: NextPageWithLayout = () => <OrganizationPage section="Usage">{(org) => <UsagePage org={org} />}</OrganizationPage>

OrganizationUsagePage.getLayout = (page) => <OrganizationLayout section="Usage">{page}</OrganizationLayout>
export default OrganizationUsagePage

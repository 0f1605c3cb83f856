import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { DatabaseUsageCard } from '@/components/interfaces/Organizations/DatabaseUsageCard'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The organization's plan and measured usage against its quota (the restriction banner links here). */
const BillingPage: NextPageWithLayout = () => (
  <OrganizationPage section="Billing">{(org) => <DatabaseUsageCard org={org} />}</OrganizationPage>
)

BillingPage.getLayout = (page) => <OrganizationLayout section="Billing">{page}</OrganizationLayout>
export default BillingPage

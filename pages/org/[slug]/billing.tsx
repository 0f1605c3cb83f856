import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { OrganizationBilling } from '@/components/interfaces/Billing/OrganizationBilling'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The organization's plan, cost and measured usage against its quota (the restriction banner links here). */
const BillingPage: NextPageWithLayout = () => <OrganizationPage section="Billing">{(org) => <OrganizationBilling org={org} />}</OrganizationPage>

BillingPage.getLayout = (page) => <OrganizationLayout section="Billing">{page}</OrganizationLayout>
export default BillingPage

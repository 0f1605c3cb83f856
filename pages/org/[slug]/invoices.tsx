import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { InvoicesPage } from '@/components/interfaces/Billing/InvoicesPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** One statement per month, computed from the measured usage, each downloadable as CSV. */
const OrganizationInvoicesPage: NextPageWithLayout = () => <OrganizationPage section="Invoices">{(org) => <InvoicesPage org={org} />}</OrganizationPage>

OrganizationInvoicesPage.getLayout = (page) => <OrganizationLayout section="Invoices">{page}</OrganizationLayout>
export default OrganizationInvoicesPage

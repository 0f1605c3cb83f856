import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { AuditLogPage } from '@/components/interfaces/AuditLog/AuditLogPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Who did what in the organization, and when (Owners and Admins; others are told why not). */
const OrganizationAuditPage: NextPageWithLayout = () => <OrganizationPage section="Audit log">{(org) => <AuditLogPage org={org} />}</OrganizationPage>

OrganizationAuditPage.getLayout = (page) => <OrganizationLayout section="Audit log">{page}</OrganizationLayout>
export default OrganizationAuditPage

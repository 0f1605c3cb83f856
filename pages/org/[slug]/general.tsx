import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { OrganizationSettingsForm } from '@/components/interfaces/Organizations/OrganizationSettingsForm'
import { DeleteOrganizationSection } from '@/components/interfaces/Organizations/DeleteOrganizationSection'
import { useProjectsQuery } from '@/data/projects/projects-query'
import type { NextPageWithLayout } from '@/lib/types/page'

const GeneralSettingsPage: NextPageWithLayout = () => {
  const projects = useProjectsQuery()
  return (
    <OrganizationPage section="General settings">
      {(org) => (
        <div className="flex max-w-3xl flex-col gap-6">
          {/* Keyed by the saved values: after a save elsewhere the form starts from them again. */}
          <OrganizationSettingsForm key={`${org.name}|${org.billing_email}`} org={org} />
          <DeleteOrganizationSection
            org={org}
            projectCount={projects.data?.filter((p) => p.organization_id === org.id && p.status !== 'REMOVED').length}
          />
        </div>
      )}
    </OrganizationPage>
  )
}

GeneralSettingsPage.getLayout = (page) => <OrganizationLayout section="General settings">{page}</OrganizationLayout>
export default GeneralSettingsPage

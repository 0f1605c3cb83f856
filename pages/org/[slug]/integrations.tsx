import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { GitHubIntegration } from '@/components/interfaces/Integrations/GitHubIntegration'
import type { NextPageWithLayout } from '@/lib/types/page'

const IntegrationsPage: NextPageWithLayout = () => (
  <OrganizationPage section="Integrations">
    {(org) => (
      <div className="flex max-w-3xl flex-col gap-6">
        <GitHubIntegration org={org} />
      </div>
    )}
  </OrganizationPage>
)

IntegrationsPage.getLayout = (page) => <OrganizationLayout section="Integrations">{page}</OrganizationLayout>
export default IntegrationsPage

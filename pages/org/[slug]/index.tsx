import { AppLayout } from '@/components/layouts/AppLayout'
import { ProjectCard } from '@/components/interfaces/Projects/ProjectCard'
import { NewProjectLink } from '@/components/interfaces/Projects/NewProjectLink'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { Alert, EmptyState, Skeleton } from '@/components/ui'
import { useProjectsQuery } from '@/data/projects/projects-query'
import type { Organization } from '@/lib/api-types'
import type { NextPageWithLayout } from '@/lib/types/page'

function OrganizationProjects({ org }: { org: Organization }) {
  const { data: projects, error } = useProjectsQuery()
  if (error)
    return (
      <Alert variant="danger" title="Could not load the projects">
        {error.message}. Refresh the page to try again.
      </Alert>
    )
  if (!projects)
    return (
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    )
  const orgProjects = projects.filter((p) => p.organization_id === org.id)
  if (orgProjects.length === 0)
    return <EmptyState title="No projects yet" description={`${org.name} is on the ${org.plan.name} plan.`} action={<NewProjectLink org={org} size="small" />} />
  return (
    <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {orgProjects.map((p) => (
        <ProjectCard key={p.ref} project={p} />
      ))}
    </div>
  )
}

const OrganizationProjectsPage: NextPageWithLayout = () => (
  <OrganizationPage actions={(org) => <NewProjectLink org={org} size="small" />}>{(org) => <OrganizationProjects org={org} />}</OrganizationPage>
)

OrganizationProjectsPage.getLayout = (page) => <AppLayout>{page}</AppLayout>
export default OrganizationProjectsPage

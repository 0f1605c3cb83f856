import { OrganizationLayout } from '@/components/layouts/OrganizationLayout'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { ProjectCard } from '@/components/interfaces/Projects/ProjectCard'
import { NewProjectLink } from '@/components/interfaces/Projects/NewProjectLink'
import { ProjectsEmptyState } from '@/components/interfaces/Projects/ProjectsEmptyState'
import { OrganizationPage } from '@/components/interfaces/Organizations/OrganizationPage'
import { Skeleton } from '@/components/ui'
import { useProjectsQuery } from '@/data/projects/projects-query'
import type { Organization } from '@/lib/api-types'
import type { NextPageWithLayout } from '@/lib/types/page'

function OrganizationProjects({ org }: { org: Organization }) {
  const { data: projects, error, refetch, isFetching } = useProjectsQuery()
  if (error) return <QueryErrorAlert title="Could not load the projects" error={error} onRetry={() => void refetch()} retrying={isFetching} />
  if (!projects)
    return (
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading the projects">
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    )
  const orgProjects = projects.filter((p) => p.organization_id === org.id)
  if (orgProjects.length === 0) return <ProjectsEmptyState org={org} />
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

OrganizationProjectsPage.getLayout = (page) => <OrganizationLayout>{page}</OrganizationLayout>
export default OrganizationProjectsPage

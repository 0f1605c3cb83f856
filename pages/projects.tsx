import Head from 'next/head'
import Link from 'next/link'
import { Building2 } from 'lucide-react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { Truncated } from '@/components/layouts/Truncated'
import { NewProjectLink } from '@/components/interfaces/Projects/NewProjectLink'
import { ProjectCard } from '@/components/interfaces/Projects/ProjectCard'
import { ProjectsEmptyState } from '@/components/interfaces/Projects/ProjectsEmptyState'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { buttonClasses, EmptyState, Skeleton } from '@/components/ui'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const ProjectsPage: NextPageWithLayout = () => {
  const organizations = useOrganizationsQuery()
  const projects = useProjectsQuery()
  const error = organizations.error ?? projects.error
  // Self-hosted mode has its one organization: there is nothing more to create.
  const isPlatform = useIsPlatform()
  const retry = () => {
    if (organizations.error) void organizations.refetch()
    if (projects.error) void projects.refetch()
  }

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <Head>
        <title>{`Projects | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Projects</h1>
        {isPlatform && (
          <Link href="/new" className={buttonClasses({ type: 'default' })}>
            <Building2 size={14} className="mr-2" aria-hidden />
            New organization
          </Link>
        )}
      </div>
      {error ? (
        <QueryErrorAlert
          title="Could not load your projects"
          error={error}
          onRetry={retry}
          retrying={organizations.isFetching || projects.isFetching}
        />
      ) : !organizations.data || !projects.data ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading your projects">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : organizations.data.length === 0 ? (
        <EmptyState
          icon={<Building2 size={24} />}
          title="Create your first organization"
          description="Organizations group your projects and their members. Create one to start your first project."
          action={
            <Link href="/new" className={buttonClasses({ type: 'primary' })}>
              New organization
            </Link>
          }
        />
      ) : (
        <div className="flex flex-col gap-10">
          {organizations.data.map((org) => {
            const orgProjects = projects.data!.filter((p) => p.organization_id === org.id)
            return (
              <section key={org.id} aria-labelledby={`org-${org.slug}`} data-testid="org-section">
                <div className="mb-3 flex items-center justify-between gap-4">
                  <h2 id={`org-${org.slug}`} className="flex min-w-0 items-baseline gap-2 font-medium">
                    <Truncated text={org.name}>
                      <Link href={`/org/${org.slug}`} className="block truncate hover:underline">
                        {org.name}
                      </Link>
                    </Truncated>
                    <span className="shrink-0 text-xs text-foreground-lighter">{org.plan.name} plan</span>
                  </h2>
                  <NewProjectLink org={org} />
                </div>
                {orgProjects.length === 0 ? (
                  <ProjectsEmptyState org={org} compact />
                ) : (
                  <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
                    {orgProjects.map((project) => (
                      <ProjectCard key={project.ref} project={project} />
                    ))}
                  </div>
                )}
              </section>
            )
          })}
        </div>
      )}
    </div>
  )
}

ProjectsPage.getLayout = (page) => <AppLayout>{page}</AppLayout>
export default ProjectsPage

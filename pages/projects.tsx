import Head from 'next/head'
import Link from 'next/link'
import { Building2 } from 'lucide-react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { NewProjectLink } from '@/components/interfaces/Projects/NewProjectLink'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { ProjectCard } from '@/components/interfaces/Projects/ProjectCard'
import { Alert, buttonClasses, EmptyState, Skeleton } from '@/components/ui'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const ProjectsPage: NextPageWithLayout = () => {
  const organizations = useOrganizationsQuery()
  const projects = useProjectsQuery()
  const error = organizations.error ?? projects.error
  // Self-hosted mode has its one organization: there is nothing more to create.
  const isPlatform = useIsPlatform()

  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <Head>
        <title>{`Projects | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mb-8 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">Projects</h1>
        {isPlatform && (
          <Link href="/new" className={buttonClasses({ type: 'default' })}>
            <Building2 size={14} className="mr-2" aria-hidden />
            New organization
          </Link>
        )}
      </div>
      {error && <Alert variant="danger" title="Could not load your projects">{error.message}</Alert>}
      {!organizations.data || !projects.data ? (
        !error && (
          <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28" />
            ))}
          </div>
        )
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
                  <h2 id={`org-${org.slug}`} className="font-medium">
                    <Link href={`/org/${org.slug}`} className="hover:underline">
                      {org.name}
                    </Link>
                    <span className="ml-2 text-xs text-foreground-lighter">{org.plan.name} plan</span>
                  </h2>
                  <NewProjectLink org={org} />
                </div>
                {orgProjects.length === 0 ? (
                  <p className="rounded-lg border border-dashed border-border p-6 text-sm text-foreground-light">
                    No projects in {org.name} yet. <NewProjectLink org={org} variant="inline" />
                  </p>
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

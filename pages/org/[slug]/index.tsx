import Head from 'next/head'
import { useRouter } from 'next/router'
import { AppLayout } from '@/components/layouts/AppLayout'
import { ProjectCard } from '@/components/interfaces/Projects/ProjectCard'
import { NewProjectLink } from '@/components/interfaces/Projects/NewProjectLink'
import { Alert, Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const OrganizationPage: NextPageWithLayout = () => {
  const { query } = useRouter()
  const { data: organizations, error: orgError } = useOrganizationsQuery()
  const { data: projects, error: projectsError } = useProjectsQuery()
  const org = organizations?.find((o) => o.slug === query.slug)
  const error = orgError ?? projectsError
  if (error)
    return (
      <div className="mx-auto mt-16 w-full max-w-lg px-4">
        <Alert variant="danger" title="Could not load this organization">
          {error.message}. Refresh the page to try again.
        </Alert>
      </div>
    )
  if (!org || !projects) return <Skeleton className="m-8 h-40" />
  const orgProjects = projects.filter((p) => p.organization_id === org.id)
  return (
    <div className="mx-auto w-full max-w-6xl px-6 py-8">
      <Head>
        <title>{`${org.name} | ${PRODUCT_NAME}`}</title>
      </Head>
      <div className="mb-6 flex items-center justify-between">
        <h1 className="text-2xl font-semibold">{org.name}</h1>
        <NewProjectLink org={org} size="small" />
      </div>
      <Card className="mb-8">
        <CardHeader title="Organization details" />
        <CardContent>
          <dl className="grid grid-cols-[10rem_1fr] gap-y-2 text-sm">
            <dt className="text-foreground-light">Slug</dt>
            <dd className="font-mono">{org.slug}</dd>
            <dt className="text-foreground-light">Plan</dt>
            <dd>{org.plan.name}</dd>
            <dt className="text-foreground-light">Billing email</dt>
            <dd>{org.billing_email}</dd>
            <dt className="text-foreground-light">Your role</dt>
            <dd>{org.role}</dd>
          </dl>
        </CardContent>
      </Card>
      <h2 className="mb-3 font-medium">Projects</h2>
      {orgProjects.length === 0 ? (
        <p className="text-sm text-foreground-light">No projects yet.</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {orgProjects.map((p) => (
            <ProjectCard key={p.ref} project={p} />
          ))}
        </div>
      )}
    </div>
  )
}

OrganizationPage.getLayout = (page) => <AppLayout>{page}</AppLayout>

export default OrganizationPage

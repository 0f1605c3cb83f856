import Link from 'next/link'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { Alert, Input, Select } from '@/components/ui'
import { FormCardPage } from '@/components/layouts/FormCardPage'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectCreateMutation } from '@/data/projects/project-create-mutation'
import { usePermissionsQuery } from '@/data/profile/permissions-query'
import { useCan } from '@/data/profile/use-can'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { SelfHostedNotice } from '@/components/layouts/SelfHostedNotice'
import { PLAN_IDS, PLAN_NAMES } from '@/lib/api-types/plans'
import { CLOUD_PROVIDERS } from '@/lib/api-types/project-status'
import { PROVIDERS } from '@/lib/api-types/regions'
import type { CloudProvider, PlanId } from '@/lib/api-types'
import type { NextPageWithLayout } from '@/lib/types/page'


const NewProjectPage: NextPageWithLayout = () => {
  const router = useRouter()
  const slug = typeof router.query.slug === 'string' ? router.query.slug : undefined
  const { data: organizations } = useOrganizationsQuery()
  const permissions = usePermissionsQuery()
  const org = organizations?.find((o) => o.slug === slug)
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const [provider, setProvider] = useState<CloudProvider>('AWS')
  const [region, setRegion] = useState(PROVIDERS.AWS.defaultRegion)
  // A plan card's link (/new/{slug}?plan=pro) asks for a plan; projects take their organization's.
  const askedPlan = typeof router.query.plan === 'string' && (PLAN_IDS as readonly string[]).includes(router.query.plan) ? (router.query.plan as PlanId) : null
  const create = useProjectCreateMutation()
  const nameError = touched && !name.trim() ? 'Project name is required' : undefined
  const isPlatform = useIsPlatform()
  const canCreate = useCan('projects:create', org)

  if (!isPlatform) return <SelfHostedNotice />

  if (organizations && !org)
    return (
      <div className="mx-auto mt-16 max-w-md px-4">
        <Alert variant="warning" title="This organization does not exist">
          Pick one of your organizations on the projects page, or create a new one.
        </Alert>
      </div>
    )

  if (org && permissions.data && !canCreate)
    return (
      <div className="mx-auto mt-16 max-w-md px-4">
        <Alert variant="warning" title="Your role cannot create projects">
          You are {org.role === 'Admin' ? 'an' : 'a'} {org.role} in {org.name}. Ask an Owner or Admin of the organization to create the project.
        </Alert>
      </div>
    )

  return (
    <FormCardPage
      pageTitle="New project"
      title="Create a new project"
      description={org ? `In ${org.name}. Your project gets its own Postgres database.` : undefined}
      submitLabel="Create new project"
      submitting={create.isPending}
      submitDisabled={!org}
      onSubmit={() => {
        setTouched(true)
        if (!name.trim() || !slug) return
        create.mutate(
          { name: name.trim(), organization_slug: slug, cloud_provider: provider, region },
          { onSuccess: (project) => router.push(`/project/${project.ref}`) }
        )
      }}
    >
      <Input label="Project name" name="name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} error={nameError} autoFocus />
      <Select
        label="Cloud provider"
        name="cloud_provider"
        value={provider}
        onChange={(e) => {
          const next = e.target.value as CloudProvider
          setProvider(next)
          setRegion(PROVIDERS[next].defaultRegion)
        }}
        options={CLOUD_PROVIDERS.map((p) => ({ value: p, label: PROVIDERS[p].label }))}
      />
      <Select
        label="Region"
        name="region"
        value={region}
        onChange={(e) => setRegion(e.target.value)}
        options={PROVIDERS[provider].regions.map((r) => ({ value: r.code, label: `${r.displayName} (${r.code})` }))}
      />
      {org && (
        <p className="text-sm text-foreground-light">
          Plan: <span className="font-medium text-foreground">{org.plan.name}</span>, the organization&apos;s plan.{' '}
          <Link href={`/org/${org.slug}/billing`} className="text-brand underline-offset-2 hover:underline">
            Change plan
          </Link>
        </p>
      )}
      {org && askedPlan && askedPlan !== org.plan.id && (
        <Alert variant="info" title={`${org.name} is on the ${org.plan.name} plan`}>
          Projects take their organization&apos;s plan. To create a {PLAN_NAMES[askedPlan]} project, change the organization&apos;s plan on its{' '}
          <Link href={`/org/${org.slug}/billing`} className="underline underline-offset-2">
            billing page
          </Link>{' '}
          first.
        </Alert>
      )}
    </FormCardPage>
  )
}

NewProjectPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'New project' }]}>{page}</AppLayout>
export default NewProjectPage

import Head from 'next/head'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { Alert, Button, Card, CardContent, CardHeader, Input, Select } from '@/components/ui'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { useProjectCreateMutation } from '@/data/projects/project-create-mutation'
import { CLOUD_PROVIDERS, PLAN_IDS, PROVIDERS, type CloudProvider, type PlanId } from '@/lib/api-types'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const PLAN_LABELS: Record<PlanId, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' }

const NewProjectPage: NextPageWithLayout = () => {
  const router = useRouter()
  const slug = typeof router.query.slug === 'string' ? router.query.slug : undefined
  const { data: organizations } = useOrganizationsQuery()
  const org = organizations?.find((o) => o.slug === slug)
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const [provider, setProvider] = useState<CloudProvider>('AWS')
  const [region, setRegion] = useState(PROVIDERS.AWS.defaultRegion)
  const queryPlan = typeof router.query.plan === 'string' && (PLAN_IDS as readonly string[]).includes(router.query.plan) ? (router.query.plan as PlanId) : 'free'
  const [plan, setPlan] = useState<PlanId | null>(null)
  const create = useProjectCreateMutation()
  const nameError = touched && !name.trim() ? 'Project name is required' : undefined

  if (organizations && !org)
    return (
      <div className="mx-auto mt-16 max-w-md px-4">
        <Alert variant="warning" title="This organization does not exist">
          Pick one of your organizations on the projects page, or create a new one.
        </Alert>
      </div>
    )

  return (
    <div className="mx-auto w-full max-w-xl px-6 py-10">
      <Head>
        <title>{`New project | ${PRODUCT_NAME}`}</title>
      </Head>
      <Card>
        <CardHeader title="Create a new project" description={org ? `In ${org.name}. Your project gets its own Postgres database.` : undefined} />
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault()
              setTouched(true)
              if (!name.trim() || !slug) return
              create.mutate(
                { name: name.trim(), organization_slug: slug, cloud_provider: provider, region, plan: plan ?? queryPlan },
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
            <Select
              label="Plan"
              name="plan"
              value={plan ?? queryPlan}
              onChange={(e) => setPlan(e.target.value as PlanId)}
              options={PLAN_IDS.map((p) => ({ value: p, label: PLAN_LABELS[p] }))}
            />
            <div className="flex justify-end gap-2">
              <Button onClick={() => router.push('/projects')}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={create.isPending} disabled={!org}>
                Create new project
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}

NewProjectPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'New project' }]}>{page}</AppLayout>
export default NewProjectPage

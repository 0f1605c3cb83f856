import { useRouter } from 'next/router'
import { useState } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { FormCardPage } from '@/components/layouts/FormCardPage'
import { Input, Select } from '@/components/ui'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { SelfHostedNotice } from '@/components/layouts/SelfHostedNotice'
import { useOrganizationCreateMutation } from '@/data/organizations/organization-create-mutation'
import { DEFAULT_PLAN_TIER, PLAN_TIERS, TIER_LABELS } from '@/lib/api-types/organizations'
import type { PlanTier } from '@/lib/api-types'
import type { NextPageWithLayout } from '@/lib/types/page'

const TIER_OPTIONS = PLAN_TIERS.map((tier) => ({ value: tier, label: TIER_LABELS[tier] }))

const NewOrganizationPage: NextPageWithLayout = () => {
  const router = useRouter()
  const [name, setName] = useState('')
  const [tier, setTier] = useState<PlanTier>(DEFAULT_PLAN_TIER)
  const [touched, setTouched] = useState(false)
  const create = useOrganizationCreateMutation()
  const nameError = touched && !name.trim() ? 'Organization name is required' : undefined
  const isPlatform = useIsPlatform()

  if (!isPlatform) return <SelfHostedNotice />

  return (
    <FormCardPage
      pageTitle="New organization"
      title="Create a new organization"
      description="Organizations group projects, members and billing."
      submitLabel="Create organization"
      submitting={create.isPending}
      onSubmit={() => {
        setTouched(true)
        if (!name.trim()) return
        create.mutate({ name: name.trim(), tier }, { onSuccess: (org) => router.push(`/new/${org.slug}`) })
      }}
    >
      <Input label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} error={nameError} placeholder="Acme Inc." autoFocus />
      <Select
        label="Plan"
        name="tier"
        value={tier}
        onChange={(e) => setTier(e.target.value as PlanTier)}
        options={TIER_OPTIONS}
        description="Read-only members are available on the Team and Enterprise plans."
      />
    </FormCardPage>
  )
}

NewOrganizationPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'New organization' }]}>{page}</AppLayout>
export default NewOrganizationPage

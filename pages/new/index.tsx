import { useRouter } from 'next/router'
import { useState } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { FormCardPage } from '@/components/layouts/FormCardPage'
import { Input } from '@/components/ui'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { SelfHostedNotice } from '@/components/layouts/SelfHostedNotice'
import { useOrganizationCreateMutation } from '@/data/organizations/organization-create-mutation'
import type { NextPageWithLayout } from '@/lib/types/page'

const NewOrganizationPage: NextPageWithLayout = () => {
  const router = useRouter()
  const [name, setName] = useState('')
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
        create.mutate({ name: name.trim() }, { onSuccess: (org) => router.push(`/new/${org.slug}`) })
      }}
    >
      <Input label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} error={nameError} placeholder="Acme Inc." autoFocus />
    </FormCardPage>
  )
}

NewOrganizationPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'New organization' }]}>{page}</AppLayout>
export default NewOrganizationPage

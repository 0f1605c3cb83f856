import Head from 'next/head'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { AppLayout } from '@/components/layouts/AppLayout'
import { Button, Card, CardContent, CardHeader, Input } from '@/components/ui'
import { useOrganizationCreateMutation } from '@/data/organizations/organization-create-mutation'
import { PRODUCT_NAME } from '@/lib/constants'
import type { NextPageWithLayout } from '@/lib/types/page'

const NewOrganizationPage: NextPageWithLayout = () => {
  const router = useRouter()
  const [name, setName] = useState('')
  const [touched, setTouched] = useState(false)
  const create = useOrganizationCreateMutation()
  const nameError = touched && !name.trim() ? 'Organization name is required' : undefined

  return (
    <div className="mx-auto w-full max-w-xl px-6 py-10">
      <Head>
        <title>{`New organization | ${PRODUCT_NAME}`}</title>
      </Head>
      <Card>
        <CardHeader title="Create a new organization" description="Organizations group projects, members and billing." />
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault()
              setTouched(true)
              if (!name.trim()) return
              create.mutate({ name: name.trim() }, { onSuccess: (org) => router.push(`/new/${org.slug}`) })
            }}
          >
            <Input label="Name" name="name" value={name} onChange={(e) => setName(e.target.value)} onBlur={() => setTouched(true)} error={nameError} placeholder="Acme Inc." autoFocus />
            <div className="flex justify-end gap-2">
              <Button onClick={() => router.push('/projects')}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={create.isPending}>
                Create organization
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}

NewOrganizationPage.getLayout = (page) => <AppLayout breadcrumbs={[{ label: 'New organization' }]}>{page}</AppLayout>
export default NewOrganizationPage

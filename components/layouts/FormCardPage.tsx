import Head from 'next/head'
import { useRouter } from 'next/router'
import type { FormEvent, ReactNode } from 'react'
import { Button, Card, CardContent, CardHeader } from '@/components/ui'
import { PRODUCT_NAME } from '@/lib/constants'

/** A centred card holding one form, with Cancel (back to /projects) and a submit button. */
export function FormCardPage({
  pageTitle,
  title,
  description,
  submitLabel,
  submitting,
  submitDisabled,
  onSubmit,
  children,
}: {
  pageTitle: string
  title: string
  description?: ReactNode
  submitLabel: string
  submitting: boolean
  submitDisabled?: boolean
  onSubmit: () => void
  children: ReactNode
}) {
  const router = useRouter()
  return (
    <div className="mx-auto w-full max-w-xl px-6 py-10">
      <Head>
        <title>{`${pageTitle} | ${PRODUCT_NAME}`}</title>
      </Head>
      <Card>
        <CardHeader title={title} description={description} />
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={(e: FormEvent) => {
              e.preventDefault()
              onSubmit()
            }}
          >
            {children}
            <div className="flex justify-end gap-2">
              <Button onClick={() => router.push('/projects')}>Cancel</Button>
              <Button type="primary" htmlType="submit" loading={submitting} disabled={submitDisabled}>
                {submitLabel}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </div>
  )
}

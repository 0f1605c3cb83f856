import { Skeleton } from '@/components/ui'
import { PublicLayout } from '@/components/layouts/PublicLayout'
import { SupportForm, type SupportRequest } from '@/components/interfaces/Support/SupportForm'
import { PRODUCT_NAME } from '@/lib/constants'
import { SUPPORT_CATEGORIES, type SupportCategory } from '@/lib/support'
import type { NextPageWithLayout } from '@/lib/types/page'
import Head from 'next/head'
import { useRouter } from 'next/router'

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? ''

/** Prefill from `?category=&subject=&message=` (SPEC §2: the error screen links here). */
function requestFromQuery(query: Record<string, string | string[] | undefined>): SupportRequest {
  const category = first(query.category)
  return {
    category: SUPPORT_CATEGORIES.some((c) => c.value === category) ? (category as SupportCategory) : 'other',
    subject: first(query.subject),
    message: first(query.message),
  }
}

/** Public, like the docs: the error screen sends people here whether or not they are signed in. */
const SupportNewPage: NextPageWithLayout = () => {
  const router = useRouter()
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-8 sm:py-12">
      <Head>
        <title>{`Support | ${PRODUCT_NAME}`}</title>
      </Head>
      {router.isReady ? (
        <SupportForm initial={requestFromQuery(router.query)} />
      ) : (
        <div aria-busy="true" aria-label="Loading support form" className="flex flex-col gap-3">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-64 w-full" />
        </div>
      )}
    </div>
  )
}

SupportNewPage.getLayout = (page) => <PublicLayout breadcrumbs={[{ label: 'Support' }]}>{page}</PublicLayout>
export default SupportNewPage

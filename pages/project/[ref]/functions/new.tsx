import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { NewFunctionPage } from '@/components/interfaces/EdgeFunctions/NewFunctionPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Edge Functions → New: a template, its code, deploy. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <NewFunctionPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { FunctionsListPage } from '@/components/interfaces/EdgeFunctions/FunctionsListPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Edge Functions: the project's functions. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <FunctionsListPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

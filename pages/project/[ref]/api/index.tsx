import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ApiDocsPage } from '@/components/interfaces/ProjectAPIDocs/ApiDocsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** API docs: supabase-js and curl for the project's tables, functions and users. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <ApiDocsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

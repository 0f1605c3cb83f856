import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { DatabaseHooksPage } from '@/components/interfaces/ProjectFeatures/DatabaseHooks/DatabaseHooksPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Database webhooks (triggers calling pg_net), or why this project's database cannot offer them. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <DatabaseHooksPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

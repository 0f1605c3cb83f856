import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { FunctionPage } from '@/components/interfaces/EdgeFunctions/FunctionPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** One function: URL, verify_jwt, snippets, code, test panel, logs. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' && typeof query.slug === 'string' ? <FunctionPage key={query.slug} projectRef={query.ref} slug={query.slug} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

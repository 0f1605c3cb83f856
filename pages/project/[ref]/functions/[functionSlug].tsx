import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { FunctionPage } from '@/components/interfaces/EdgeFunctions/FunctionPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** One function: URL, verify_jwt, snippets, code, test panel, logs. Not `[slug]`: that names an organization to the existence guard. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' && typeof query.functionSlug === 'string' ? <FunctionPage key={query.functionSlug} projectRef={query.ref} slug={query.functionSlug} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

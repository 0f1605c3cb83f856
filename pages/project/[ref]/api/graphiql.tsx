import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { GraphiQLPage } from '@/components/interfaces/GraphiQL/GraphiQLPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** GraphiQL on the project's GraphQL endpoint (the same page is linked from the database and the API sections). */
const GraphiQL: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <GraphiQLPage projectRef={query.ref} /> : null
}

GraphiQL.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default GraphiQL

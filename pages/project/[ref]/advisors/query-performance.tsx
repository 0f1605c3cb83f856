import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { QueryPerformancePage } from '@/components/interfaces/ProjectFeatures/QueryPerformance/QueryPerformancePage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Query performance from pg_stat_statements, or why this project's database cannot offer it. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <QueryPerformancePage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

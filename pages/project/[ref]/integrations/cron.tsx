import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { CronPage } from '@/components/interfaces/ProjectFeatures/Cron/CronPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Cron jobs with pg_cron, or why this project's database cannot offer them. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <CronPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

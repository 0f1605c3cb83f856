import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { BucketsPage } from '@/components/interfaces/Storage/BucketsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Storage → Buckets: the project's buckets. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <BucketsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

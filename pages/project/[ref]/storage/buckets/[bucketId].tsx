import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { BucketExplorer } from '@/components/interfaces/Storage/BucketExplorer'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Storage → a bucket's files, by folder. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' && typeof query.bucketId === 'string' ? <BucketExplorer projectRef={query.ref} bucketId={query.bucketId} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

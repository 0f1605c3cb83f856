import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { S3ConnectionPage } from '@/components/interfaces/Storage/S3ConnectionPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Project settings → Storage: the upload file size limit, the S3 endpoint and the project's S3 access keys. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <S3ConnectionPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { WrappersPage } from '@/components/interfaces/ProjectFeatures/Wrappers/WrappersPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Foreign data wrappers, servers and tables of the project's database. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <WrappersPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { UsersPage } from '@/components/interfaces/ProjectAuth/UsersPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Authentication → Users: the project's own users. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <UsersPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

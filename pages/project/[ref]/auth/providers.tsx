import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ProvidersPage } from '@/components/interfaces/ProjectAuth/ProvidersPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Authentication → Providers: how the project's users sign up and sign in. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <ProvidersPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

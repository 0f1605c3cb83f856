import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { ApiSettingsPage } from '@/components/interfaces/ApiSettings/ApiSettingsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Project settings → API: URL, API keys, JWT secret, data API settings. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <ApiSettingsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

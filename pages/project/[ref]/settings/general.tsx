import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { GeneralSettingsPage } from '@/components/interfaces/ProjectSettings/GeneralSettingsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Project settings → General: name, pause status, read-only mode, restart, pause, delete, service versions. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <GeneralSettingsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { RealtimeSettingsPage } from '@/components/interfaces/Realtime/RealtimeSettingsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Realtime → Settings: where applications connect, the plan's limits in force, what streams. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <RealtimeSettingsPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

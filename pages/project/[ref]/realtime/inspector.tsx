import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { RealtimeInspectorPage } from '@/components/interfaces/Realtime/RealtimeInspectorPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** Realtime → Inspector: join a channel, watch broadcasts, presence and database changes live, send a broadcast. */
const Page: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <RealtimeInspectorPage projectRef={query.ref} /> : null
}

Page.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Page

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { PublicationsPage } from '@/components/interfaces/Publications/PublicationsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** The database's publications: their events and tables; supabase_realtime decides what Realtime streams. */
const Publications: NextPageWithLayout = () => {
  const { query } = useRouter()
  if (typeof query.ref !== 'string') return null
  return <PublicationsPage projectRef={query.ref} />
}

Publications.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Publications

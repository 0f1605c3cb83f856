import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { LogsPage } from '@/components/interfaces/Logs/LogsPage'
import type { NextPageWithLayout } from '@/lib/types/page'

/** A project's logs, opened on its API requests (edge_logs). */
const Logs: NextPageWithLayout = () => {
  const { query } = useRouter()
  return typeof query.ref === 'string' ? <LogsPage projectRef={query.ref} source="edge_logs" /> : null
}

Logs.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default Logs

import { useRouter } from 'next/router'
import { ProjectLayout } from '@/components/layouts/ProjectLayout'
import { EmptyState } from '@/components/ui'
import { LogsPage } from '@/components/interfaces/Logs/LogsPage'
import { LOG_SOURCE_NAMES, type LogSourceName } from '@/lib/logs/sources'
import type { NextPageWithLayout } from '@/lib/types/page'

const isSource = (value: unknown): value is LogSourceName => typeof value === 'string' && (LOG_SOURCE_NAMES as readonly string[]).includes(value)

/** One log source of a project (/project/{ref}/logs/{source}). */
const LogSourcePage: NextPageWithLayout = () => {
  const { query, isReady } = useRouter()
  if (!isReady || typeof query.ref !== 'string') return null
  if (!isSource(query.source))
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6">
        <EmptyState title="No such log source" description={`Log sources: ${LOG_SOURCE_NAMES.join(', ')}.`} />
      </div>
    )
  return <LogsPage projectRef={query.ref} source={query.source} />
}

LogSourcePage.getLayout = (page) => <ProjectLayout>{page}</ProjectLayout>
export default LogSourcePage

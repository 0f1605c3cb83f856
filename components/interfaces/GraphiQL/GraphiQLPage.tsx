/**
 * The GraphiQL page (/project/{ref}/database/graphiql and /project/{ref}/api/graphiql): the
 * project's GraphQL endpoint, generated from its database, with GraphiQL to write and run queries
 * and mutations and to browse the schema. It opens on the first rows of the project's first table.
 * ProjectLayout shows it only while the database is up; a refusal meanwhile (paused, restricted)
 * is said here, with the platform's message.
 */
import dynamic from 'next/dynamic'
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useGraphqlDefaultQuery } from '@/data/graphql/graphql-default-query-query'

const GraphiQLEditor = dynamic(() => import('./GraphiQLEditor'), { ssr: false, loading: () => <EditorSkeleton label="Loading GraphiQL" /> })

export function GraphiQLPage({ projectRef }: { projectRef: string }) {
  const defaultQuery = useGraphqlDefaultQuery({ projectRef })
  return (
    <div className="flex h-full min-h-[32rem] w-full min-w-0 flex-col">
      <header className="flex flex-col gap-1 border-b border-border px-4 py-3 sm:px-6">
        <h1 className="text-xl font-medium text-foreground">GraphiQL</h1>
        <p className="text-sm text-foreground-light">
          Query and change the tables of the <code className="font-mono">public</code> schema through the project&apos;s GraphQL endpoint,{' '}
          <code className="break-all font-mono">POST /api/platform/projects/{projectRef}/api/graphql</code>. Schema changes show up when you reload.
        </p>
      </header>
      <div className="relative min-h-0 flex-1 overflow-x-auto">
        {defaultQuery.isLoading ? (
          <EditorSkeleton label="Reading the project's GraphQL schema" />
        ) : defaultQuery.error ? (
          <div className="p-4 sm:p-6">
            <QueryErrorAlert title="Could not open the project's GraphQL endpoint" error={defaultQuery.error} onRetry={() => void defaultQuery.refetch()} retrying={defaultQuery.isFetching} />
          </div>
        ) : (
          <div data-testid="graphiql" className="graphiql-frame h-full min-h-[28rem] min-w-[20rem]">
            <GraphiQLEditor key={projectRef} projectRef={projectRef} defaultQuery={defaultQuery.data ?? ''} />
          </div>
        )}
      </div>
    </div>
  )
}

function EditorSkeleton({ label }: { label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className="flex h-full flex-col gap-3 p-4 sm:p-6">
      <Skeleton className="h-9 w-full max-w-md" />
      <Skeleton className="h-80 w-full" />
    </div>
  )
}

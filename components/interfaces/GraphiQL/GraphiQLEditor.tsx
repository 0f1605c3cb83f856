/**
 * GraphiQL itself, on the project's endpoint. Client-only (GraphiQLPage loads it with `ssr: false`):
 * its editors need the DOM from the moment they load. The theme follows the dashboard's.
 */
import { useEffect, useMemo, type ComponentProps } from 'react'
import { GraphiQL } from 'graphiql'
import 'graphiql/graphiql.css'
import { useTheme } from 'next-themes'
import { graphqlFetcher } from '@/data/graphql/graphql-fetcher'
import { memoryStorage } from './memory-storage'

/**
 * One storage for every mount. GraphiQL holds its storage in a module-wide store and a new mount
 * reads the previous one before its own is swapped in: a storage per mount would open project B
 * on project A's tabs. So there is one, emptied when the editor goes away.
 */
const pageStorage = memoryStorage()

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher']

export type GraphiQLEditorProps = { projectRef: string; defaultQuery: string }

export default function GraphiQLEditor({ projectRef, defaultQuery }: GraphiQLEditorProps) {
  const { resolvedTheme } = useTheme()
  const fetcher = useMemo(() => {
    const run = graphqlFetcher(projectRef)
    // GraphiQL types errors as GraphQLError objects, but what it reads off any network fetcher is their JSON form: what the endpoint answers.
    return (({ query, variables, operationName }: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }) =>
      run({ query, variables, operationName })) as unknown as Fetcher
  }, [projectRef])
  useEffect(() => () => pageStorage.clear(), [])
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={defaultQuery}
      storage={pageStorage}
      forcedTheme={resolvedTheme === 'light' ? 'light' : 'dark'}
      // Headers are the platform's business (the session's token): nothing to edit here.
      isHeadersEditorEnabled={false}
      showPersistHeadersSettings={false}
    />
  )
}

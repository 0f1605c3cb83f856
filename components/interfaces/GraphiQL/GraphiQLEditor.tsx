/**
 * GraphiQL itself, on the project's endpoint. Client-only (GraphiQLPage loads it with `ssr: false`):
 * its editors need the DOM from the moment they load. The theme follows the dashboard's.
 */
import { useEffect, useMemo, useState, type ComponentProps } from 'react'
import { GraphiQL } from 'graphiql'
import 'graphiql/graphiql.css'
import { useTheme } from 'next-themes'
import { graphqlFetcher } from '@/data/graphql/graphql-fetcher'
import { editorStorage } from './memory-storage'

type Fetcher = ComponentProps<typeof GraphiQL>['fetcher']

export type GraphiQLEditorProps = { projectRef: string; defaultQuery: string }

export default function GraphiQLEditor({ projectRef, defaultQuery }: GraphiQLEditorProps) {
  const { resolvedTheme } = useTheme()
  // A storage per editor (GraphiQLPage keys it by project ref), claimed during render: GraphiQL reads its tabs in its first render (memory-storage.ts says why).
  const [storage] = useState(editorStorage)
  storage.claim()
  useEffect(() => {
    storage.claim()
    return () => storage.release()
  }, [storage])
  const fetcher = useMemo(() => {
    const run = graphqlFetcher(projectRef)
    // GraphiQL types errors as GraphQLError objects, but what it reads off any network fetcher is their JSON form: what the endpoint answers.
    return (({ query, variables, operationName }: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }) =>
      run({ query, variables, operationName })) as unknown as Fetcher
  }, [projectRef])
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={defaultQuery}
      storage={storage}
      forcedTheme={resolvedTheme === 'light' ? 'light' : 'dark'}
      // Headers are the platform's business (the session's token): nothing to edit here.
      isHeadersEditorEnabled={false}
      showPersistHeadersSettings={false}
    />
  )
}

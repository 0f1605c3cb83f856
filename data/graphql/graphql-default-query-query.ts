import { useQuery } from '@tanstack/react-query'
import {
  firstTableField,
  leafFields,
  NO_TABLE_QUERY,
  ROOT_FIELDS_QUERY,
  tableQuery,
  TYPE_FIELDS_QUERY,
  type RootFields,
  type TypeFields,
} from './default-query'
import { ResponseError } from '../fetchers'
import type { QueryOptions } from '../query-options'
import { graphqlKeys } from './keys'
import { runGraphql } from './graphql-run'

/** The data of a GraphQL answer, or its first error as an exception (the page shows it). */
async function dataOf<T>(projectRef: string, query: string, variables: Record<string, unknown> | null, signal?: AbortSignal): Promise<T> {
  const answer = await runGraphql(projectRef, { query, variables }, signal)
  // A GraphQL error here means the schema could not be built from the database: the platform's fault to report, not the request's.
  if (answer.errors?.length || !answer.data) throw new ResponseError(answer.errors?.[0]?.message ?? 'The GraphQL endpoint answered no data.', 500)
  return answer.data as T
}

/** The query GraphiQL opens with for the project (default-query.ts says which). */
export async function getGraphqlDefaultQuery({ projectRef }: { projectRef: string }, signal?: AbortSignal): Promise<string> {
  const table = firstTableField(await dataOf<RootFields>(projectRef, ROOT_FIELDS_QUERY, null, signal))
  if (!table) return NO_TABLE_QUERY
  const fields = await dataOf<TypeFields>(projectRef, TYPE_FIELDS_QUERY, { name: table.rowType }, signal)
  return tableQuery(table.field, leafFields(fields))
}

export function useGraphqlDefaultQuery({ projectRef }: { projectRef?: string }, { enabled = true, ...options }: QueryOptions<string> = {}) {
  return useQuery({
    queryKey: graphqlKeys.defaultQuery(projectRef),
    queryFn: ({ signal }) => getGraphqlDefaultQuery({ projectRef: projectRef! }, signal),
    enabled: enabled !== false && projectRef !== undefined,
    // GraphiQL keeps the text once it opened: a later refetch must not reset the editor.
    staleTime: Infinity,
    ...options,
  })
}

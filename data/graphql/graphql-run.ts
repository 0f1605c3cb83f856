import { graphqlRoutes } from '@/lib/api-types/browser/graphql.routes'
import type { GraphqlResponse } from '@/lib/api-types'
import { call } from '../fetchers'

export type GraphqlOperation = {
  query: string
  variables?: Record<string, unknown> | null
  operationName?: string | null
}

/**
 * Runs a GraphQL operation against the project's endpoint. GraphQL errors come back in the answer
 * (status 200); a refused request (paused project, bad body) throws `ResponseError` as every call does.
 */
export function runGraphql(projectRef: string, { query, variables, operationName }: GraphqlOperation, signal?: AbortSignal): Promise<GraphqlResponse> {
  return call(
    graphqlRoutes.runGraphql,
    { params: { ref: projectRef }, body: { query, variables: variables ?? null, operationName: operationName ?? null } },
    { signal }
  )
}

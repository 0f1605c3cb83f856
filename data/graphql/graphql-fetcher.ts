/**
 * GraphiQL's fetcher for a project: every request goes through the dashboard's one fetch stack
 * (auth, request id, errors), so GraphiQL behaves like the rest of the dashboard. A refused request
 * (the project paused meanwhile, a restricted organization) is shown in the result pane as a
 * GraphQL error with the platform's message rather than thrown, which GraphiQL would show as a
 * bare stack.
 */
import type { GraphqlResponse } from '@/lib/api-types'
import { isResponseError } from '../fetchers'
import { runGraphql, type GraphqlOperation } from './graphql-run'

export type GraphqlFetcher = (operation: GraphqlOperation) => Promise<GraphqlResponse>

export function graphqlFetcher(projectRef: string): GraphqlFetcher {
  return async (operation) => {
    try {
      return await runGraphql(projectRef, operation)
    } catch (error) {
      if (!isResponseError(error)) throw error
      return { errors: [{ message: error.message, extensions: { code: error.code, requestId: error.requestId } }] }
    }
  }
}

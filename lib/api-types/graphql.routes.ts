/**
 * A project's GraphQL endpoint, generated from its database schema. Every member may call it
 * (`sql:run`, as with any read of the database); a member whose role lacks `sql:write` runs
 * queries read-only and has mutations refused (a GraphQL error, not a 403: the request itself
 * was fine).
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { graphqlRequest, graphqlResponse, MAX_GRAPHQL_QUERY_BYTES } from './graphql'

export const graphqlRoutes = {
  runGraphql: route({
    method: 'POST',
    path: '/platform/projects/:ref/api/graphql',
    params: projectParams,
    body: graphqlRequest,
    answer: graphqlResponse,
    action: 'sql:run',
    scope: byProjectRef,
    // The query, its variables and the JSON around them.
    maxBodyBytes: 4 * MAX_GRAPHQL_QUERY_BYTES,
  }),
}

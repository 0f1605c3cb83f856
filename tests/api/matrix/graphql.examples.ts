import type { graphqlRoutes } from '@/lib/api-types'
import type { Examples } from './types'

/**
 * A query every member may run (the schema of an empty `public` has the root `query` field);
 * callers refused by the router never reach the database.
 */
export const graphqlExamples: Examples<typeof graphqlRoutes> = {
  runGraphql: { path: (fx) => `/platform/projects/${fx.ref}/api/graphql`, body: () => ({ query: '{ __typename }' }) },
}

// Generated from ../graphql.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { graphqlRoutes as declaredGraphqlRoutes } from '../graphql.routes'
import { browserRoutes } from './browser-route'

export const graphqlRoutes = browserRoutes<typeof declaredGraphqlRoutes>({
  runGraphql: ['POST', '/platform/projects/:ref/api/graphql', 'user'],
})

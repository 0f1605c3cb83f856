// Generated from ../functions.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { functionRoutes as declaredFunctionRoutes } from '../functions.routes'
import { browserRoutes } from './browser-route'

export const functionRoutes = browserRoutes<typeof declaredFunctionRoutes>({
  listFunctions: ['GET', '/v1/projects/:ref/functions', 'user'],
  deployFunction: ['POST', '/v1/projects/:ref/functions/deploy', 'user'],
  getFunction: ['GET', '/v1/projects/:ref/functions/:slug', 'user'],
  getFunctionBody: ['GET', '/v1/projects/:ref/functions/:slug/body', 'user'],
  updateFunction: ['PATCH', '/v1/projects/:ref/functions/:slug', 'user'],
  deleteFunction: ['DELETE', '/v1/projects/:ref/functions/:slug', 'user'],
  listSecrets: ['GET', '/v1/projects/:ref/secrets', 'user'],
  createSecrets: ['POST', '/v1/projects/:ref/secrets', 'user'],
  deleteSecrets: ['DELETE', '/v1/projects/:ref/secrets', 'user'],
})

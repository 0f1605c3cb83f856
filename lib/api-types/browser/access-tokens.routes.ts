// Generated from ../access-tokens.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { accessTokenRoutes as declaredAccessTokenRoutes } from '../access-tokens.routes'
import { browserRoutes } from './browser-route'

export const accessTokenRoutes = browserRoutes<typeof declaredAccessTokenRoutes>({
  listAccessTokens: ['GET', '/platform/profile/access-tokens', 'user'],
  createAccessToken: ['POST', '/platform/profile/access-tokens', 'user'],
  deleteAccessToken: ['DELETE', '/platform/profile/access-tokens/:id', 'user'],
})

// Generated from ../profile.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { profileRoutes as declaredProfileRoutes } from '../profile.routes'
import { browserRoutes } from './browser-route'

export const profileRoutes = browserRoutes<typeof declaredProfileRoutes>({
  getProfile: ['GET', '/platform/profile', 'user'],
  createProfile: ['POST', '/platform/profile', 'user'],
  getPermissions: ['GET', '/platform/profile/permissions', 'user'],
  checkPassword: ['POST', '/platform/profile/password-check', 'public'],
})

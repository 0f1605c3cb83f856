// Generated from ../passkeys.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { passkeyRoutes as declaredPasskeyRoutes } from '../passkeys.routes'
import { browserRoutes } from './browser-route'

export const passkeyRoutes = browserRoutes<typeof declaredPasskeyRoutes>({
  passkeyRegistrationOptions: ['POST', '/auth/v1/passkeys/registration/options', 'user'],
  passkeyRegistrationVerify: ['POST', '/auth/v1/passkeys/registration/verify', 'user'],
  passkeyAuthenticationOptions: ['POST', '/auth/v1/passkeys/authentication/options', 'public'],
  passkeyAuthenticationVerify: ['POST', '/auth/v1/passkeys/authentication/verify', 'public'],
  passkeyList: ['GET', '/auth/v1/passkeys', 'user'],
  passkeyUpdate: ['PATCH', '/auth/v1/passkeys/:passkeyId', 'user'],
  passkeyDelete: ['DELETE', '/auth/v1/passkeys/:passkeyId', 'user'],
  adminListPasskeys: ['GET', '/auth/v1/admin/users/:userId/passkeys', 'service'],
  adminDeletePasskey: ['DELETE', '/auth/v1/admin/users/:userId/passkeys/:passkeyId', 'service'],
})

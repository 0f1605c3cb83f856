import type { passkeyRoutes } from '@/lib/api-types/passkeys.routes'
import type { Examples } from './types'

const NOBODY = '00000000-0000-4000-8000-000000000000'
/** Well-formed, but answers no challenge the platform gave. */
const credential = {
  id: 'AAAA',
  rawId: 'AAAA',
  type: 'public-key',
  response: { clientDataJSON: 'e30', attestationObject: 'oA', authenticatorData: 'AAAA', signature: 'AAAA' },
  clientExtensionResults: {},
}

export const passkeyExamples: Examples<typeof passkeyRoutes> = {
  // The matrix calls without a browser's Origin header and without SITE_URL: no relying party to name.
  passkeyRegistrationOptions: { path: () => '/auth/v1/passkeys/registration/options', body: () => ({}), status: 400 },
  passkeyRegistrationVerify: { path: () => '/auth/v1/passkeys/registration/verify', body: () => ({ challenge_id: NOBODY, credential }), status: 400 },
  passkeyAuthenticationOptions: { path: () => '/auth/v1/passkeys/authentication/options', body: () => ({}), status: 400 },
  passkeyAuthenticationVerify: { path: () => '/auth/v1/passkeys/authentication/verify', body: () => ({ challenge_id: NOBODY, credential }), status: 400 },
  passkeyList: { path: () => '/auth/v1/passkeys' },
  // Someone else's or no passkey: not found.
  passkeyUpdate: { path: () => `/auth/v1/passkeys/${NOBODY}`, body: () => ({ friendly_name: 'Laptop' }), status: 404 },
  passkeyDelete: { path: () => `/auth/v1/passkeys/${NOBODY}`, status: 404 },
  adminListPasskeys: { path: () => `/auth/v1/admin/users/${NOBODY}/passkeys` },
  adminDeletePasskey: { path: () => `/auth/v1/admin/users/${NOBODY}/passkeys/${NOBODY}` },
}

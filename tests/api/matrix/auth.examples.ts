import type { authRoutes } from '@/lib/api-types'
import { PASSWORD, unique, type Examples } from './types'

const NOBODY = '00000000-0000-4000-8000-000000000000'
const fresh = () => `matrix-new-${unique()}@example.com`

export const authExamples: Examples<typeof authRoutes> = {
  authSignup: { path: () => '/auth/v1/signup', body: () => ({ email: fresh(), password: PASSWORD }) },
  authToken: { path: () => '/auth/v1/token?grant_type=password', body: (fx) => ({ email: fx.emails.Owner, password: PASSWORD }) },
  authGetUser: { path: () => '/auth/v1/user' },
  authUpdateUser: { path: () => '/auth/v1/user', body: () => ({ data: { matrix: unique() } }) },
  authLogout: { path: () => '/auth/v1/logout?scope=local' },
  authSettings: { path: () => '/auth/v1/settings' },
  authHealth: { path: () => '/auth/v1/health' },
  authJwks: { path: () => '/auth/v1/.well-known/jwks.json' },
  authOtp: { path: () => '/auth/v1/otp', body: () => ({ email: fresh() }) },
  authVerify: { path: () => '/auth/v1/verify', body: () => ({ type: 'signup', token_hash: 'not-a-token' }), status: 403 },
  authVerifyLink: { path: () => '/auth/v1/verify?type=signup&token=not-a-token' },
  authRecover: { path: () => '/auth/v1/recover', body: (fx) => ({ email: fx.emails.Owner }) },
  authResend: { path: () => '/auth/v1/resend', body: () => ({ type: 'signup', email: fresh() }) },
  authReauthenticate: { path: () => '/auth/v1/reauthenticate' },
  authEnrollFactor: { path: () => '/auth/v1/factors', body: () => ({ factor_type: 'totp', friendly_name: `matrix ${unique()}` }) },
  // Someone else's or no factor: the caller learns nothing about it.
  authChallengeFactor: { path: () => `/auth/v1/factors/${NOBODY}/challenge`, status: 404 },
  authVerifyFactor: { path: () => `/auth/v1/factors/${NOBODY}/verify`, body: () => ({ challenge_id: NOBODY, code: '123456' }), status: 404 },
  authUnenrollFactor: { path: () => `/auth/v1/factors/${NOBODY}`, status: 404 },
  // Every caller has only their email identity: GoTrue refuses before looking the identity up.
  authUnlinkIdentity: { path: () => `/auth/v1/user/identities/${NOBODY}`, status: 422 },
  // No provider is configured here: GoTrue's "Unsupported provider".
  authAuthorize: { path: () => '/auth/v1/authorize?provider=github', status: 400 },
  authLinkIdentity: { path: () => '/auth/v1/user/identities/authorize?provider=github', status: 400 },
  // A state nobody issued: the browser is sent to the site with the error (303).
  authCallback: { path: () => `/auth/v1/callback?code=x&state=${NOBODY}`, status: 303 },
  authCallbackForm: { path: () => `/auth/v1/callback?code=x&state=${NOBODY}`, status: 303 },
  authSso: { path: () => '/auth/v1/sso', body: () => ({ domain: 'example.com' }), status: 404 },
  adminListUsers: { path: () => '/auth/v1/admin/users' },
  adminCreateUser: { path: () => '/auth/v1/admin/users', body: () => ({ email: fresh() }) },
  adminGetUser: { path: () => `/auth/v1/admin/users/${NOBODY}` },
  adminUpdateUser: { path: () => `/auth/v1/admin/users/${NOBODY}`, body: () => ({ user_metadata: {} }) },
  adminDeleteUser: { path: () => `/auth/v1/admin/users/${NOBODY}` },
  adminGenerateLink: { path: () => '/auth/v1/admin/generate_link', body: () => ({ type: 'magiclink', email: fresh() }) },
  adminInvite: { path: () => '/auth/v1/invite', body: () => ({ email: fresh() }) },
  adminListFactors: { path: () => `/auth/v1/admin/users/${NOBODY}/factors` },
  adminDeleteFactor: { path: () => `/auth/v1/admin/users/${NOBODY}/factors/${NOBODY}` },
  adminOauthClients: { path: () => '/auth/v1/admin/oauth/clients' },
  adminCreateOauthClient: { path: () => '/auth/v1/admin/oauth/clients', body: () => ({ client_name: 'x' }) },
  adminOauthClient: { path: () => '/auth/v1/admin/oauth/clients/abc' },
  adminUpdateOauthClient: { path: () => '/auth/v1/admin/oauth/clients/abc', body: () => ({}) },
  adminDeleteOauthClient: { path: () => '/auth/v1/admin/oauth/clients/abc' },
  adminRegenerateOauthClientSecret: { path: () => '/auth/v1/admin/oauth/clients/abc/regenerate_secret' },
  // Public, and off: everyone gets GoTrue's 404.
  oauthRegisterClient: { path: () => '/auth/v1/oauth/clients/register', body: () => ({ client_name: 'x' }), status: 404 },
  adminCustomProviders: { path: () => '/auth/v1/admin/custom-providers' },
  adminCreateCustomProvider: { path: () => '/auth/v1/admin/custom-providers', body: () => ({}) },
  adminCustomProvider: { path: () => '/auth/v1/admin/custom-providers/acme' },
  adminUpdateCustomProvider: { path: () => '/auth/v1/admin/custom-providers/acme', body: () => ({}) },
  adminDeleteCustomProvider: { path: () => '/auth/v1/admin/custom-providers/acme' },
  rotateSigningKey: { path: () => '/platform/auth/signing-keys/rotate' },
}

/**
 * The GoTrue-compatible auth service (reached at /auth/v1 through a rewrite): every method of
 * @supabase/auth-js's GoTrueClient and GoTrueAdminApi has its endpoint here. The admin API takes
 * the service role's key.
 */
import { z } from 'zod'
import { route } from './route'
import * as a from './auth'

const p = (path: string) => `/auth/v1${path}`

export const authRoutes = {
  authSignup: route({ method: 'POST', path: p('/signup'), auth: 'public', query: a.signupQuery, body: a.signupBody, answer: a.signupAnswer }),
  authToken: route({
    method: 'POST',
    path: p('/token'),
    auth: 'public',
    query: a.tokenQuery,
    body: a.tokenBody,
    answer: a.authSession,
    // Password grants are counted per client and per account by the handler (after the account is looked up).
    rateLimit: [
      { bucket: 'token-refresh:ip', rule: 'tokenRefreshPerIp', key: 'ip', when: ({ query, body }) => query.grant_type === 'refresh_token' && !!body?.refresh_token },
      { bucket: 'verify:ip', rule: 'verifyPerIp', key: 'ip', when: ({ query, body }) => query.grant_type === 'pkce' && !!body?.auth_code && !!body.code_verifier },
    ],
  }),
  authGetUser: route({ method: 'GET', path: p('/user'), answer: a.authUser }),
  authUpdateUser: route({ method: 'PUT', path: p('/user'), query: a.updateUserQuery, body: a.updateUserBody, answer: a.authUser }),
  authLogout: route({ method: 'POST', path: p('/logout'), query: a.logoutQuery, answer: z.undefined(), status: 204 }),
  authSettings: route({ method: 'GET', path: p('/settings'), auth: 'public', answer: a.authSettings }),
  authHealth: route({ method: 'GET', path: p('/health'), auth: 'public', answer: a.authHealth }),
  authJwks: route({ method: 'GET', path: p('/.well-known/jwks.json'), auth: 'public', answer: a.jwks }),

  authOtp: route({ method: 'POST', path: p('/otp'), auth: 'public', query: a.otpQuery, body: a.otpBody, answer: a.emptyAnswer }),
  authVerify: route({
    method: 'POST',
    path: p('/verify'),
    auth: 'public',
    body: a.verifyBody,
    answer: z.union([a.authSession, a.emptyAnswer]),
    rateLimit: [{ bucket: 'verify:ip', rule: 'verifyPerIp', key: 'ip' }],
  }),
  authVerifyLink: route({ method: 'GET', path: p('/verify'), auth: 'public', query: a.verifyLinkQuery, answer: z.undefined(), status: 303 }),
  authRecover: route({ method: 'POST', path: p('/recover'), auth: 'public', query: a.recoverQuery, body: a.recoverBody, answer: a.emptyAnswer }),
  authResend: route({ method: 'POST', path: p('/resend'), auth: 'public', query: a.resendQuery, body: a.resendBody, answer: a.emptyAnswer }),
  authReauthenticate: route({ method: 'GET', path: p('/reauthenticate'), answer: a.emptyAnswer }),

  authEnrollFactor: route({ method: 'POST', path: p('/factors'), body: a.enrollFactorBody, answer: a.factorAnswer }),
  authChallengeFactor: route({ method: 'POST', path: p('/factors/:factorId/challenge'), params: a.factorParams, body: a.challengeBody, answer: a.challengeAnswer }),
  authVerifyFactor: route({
    method: 'POST',
    path: p('/factors/:factorId/verify'),
    params: a.factorParams,
    body: a.verifyFactorBody,
    answer: a.authSession,
    rateLimit: [{ bucket: 'verify:ip', rule: 'verifyPerIp', key: 'ip' }],
  }),
  authUnenrollFactor: route({ method: 'DELETE', path: p('/factors/:factorId'), params: a.factorParams, answer: a.idAnswer }),

  authUnlinkIdentity: route({ method: 'DELETE', path: p('/user/identities/:identityId'), params: a.identityParams, answer: a.emptyAnswer }),
  /** Sends the browser to an OAuth provider (302); it comes back to /callback. */
  authAuthorize: route({ method: 'GET', path: p('/authorize'), auth: 'public', query: a.authorizeQuery, answer: z.undefined(), status: 302 }),
  authLinkIdentity: route({ method: 'GET', path: p('/user/identities/authorize'), query: a.authorizeQuery, answer: a.linkIdentityAnswer }),
  /** Where providers send the browser back: on to redirect_to with the session, a PKCE code or the error (302). */
  authCallback: route({ method: 'GET', path: p('/callback'), auth: 'public', query: a.oauthCallbackParams, answer: z.undefined(), status: 302 }),
  /** The same, for providers that answer with a form post. */
  authCallbackForm: route({
    method: 'POST', path: p('/callback'), auth: 'public', form: true, query: a.oauthCallbackParams, body: a.oauthCallbackParams.optional(), answer: z.undefined(), status: 302,
  }),
  authSso: route({ method: 'POST', path: p('/sso'), auth: 'public', body: z.looseObject({}), answer: z.undefined() }),

  adminListUsers: route({ method: 'GET', path: p('/admin/users'), auth: 'service', query: a.adminListUsersQuery, answer: a.adminUsersAnswer }),
  adminCreateUser: route({ method: 'POST', path: p('/admin/users'), auth: 'service', body: a.adminCreateUserBody, answer: a.authUser }),
  adminGetUser: route({ method: 'GET', path: p('/admin/users/:userId'), auth: 'service', params: a.adminUserParams, answer: a.authUser }),
  adminUpdateUser: route({ method: 'PUT', path: p('/admin/users/:userId'), auth: 'service', params: a.adminUserParams, body: a.adminUpdateUserBody, answer: a.authUser }),
  adminDeleteUser: route({ method: 'DELETE', path: p('/admin/users/:userId'), auth: 'service', params: a.adminUserParams, body: a.adminDeleteUserBody, answer: a.authUser }),
  adminGenerateLink: route({ method: 'POST', path: p('/admin/generate_link'), auth: 'service', body: a.generateLinkBody, answer: a.generateLinkAnswer }),
  adminInvite: route({ method: 'POST', path: p('/invite'), auth: 'service', query: a.redirectToQuery, body: a.inviteBody, answer: a.authUser }),
  adminListFactors: route({ method: 'GET', path: p('/admin/users/:userId/factors'), auth: 'service', params: a.adminUserParams, answer: a.factorList }),
  adminDeleteFactor: route({ method: 'DELETE', path: p('/admin/users/:userId/factors/:factorId'), auth: 'service', params: a.adminFactorParams, answer: a.idAnswer }),
  // Not offered: the built-in auth is not an OAuth 2.1 server and takes its providers from configuration.
  // Each answers GoTrue's own feature_disabled (404), after the service role's key is checked.
  adminOauthClients: route({ method: 'GET', path: p('/admin/oauth/clients'), auth: 'service', query: z.looseObject({}), answer: z.undefined() }),
  adminCreateOauthClient: route({ method: 'POST', path: p('/admin/oauth/clients'), auth: 'service', body: z.looseObject({}), answer: z.undefined() }),
  adminOauthClient: route({ method: 'GET', path: p('/admin/oauth/clients/:clientId'), auth: 'service', params: a.disabledFeatureParams, answer: z.undefined() }),
  adminUpdateOauthClient: route({ method: 'PUT', path: p('/admin/oauth/clients/:clientId'), auth: 'service', params: a.disabledFeatureParams, body: z.looseObject({}), answer: z.undefined() }),
  adminDeleteOauthClient: route({ method: 'DELETE', path: p('/admin/oauth/clients/:clientId'), auth: 'service', params: a.disabledFeatureParams, answer: z.undefined() }),
  adminRegenerateOauthClientSecret: route({
    method: 'POST',
    path: p('/admin/oauth/clients/:clientId/regenerate_secret'),
    auth: 'service',
    params: a.disabledFeatureParams,
    answer: z.undefined(),
  }),
  oauthRegisterClient: route({ method: 'POST', path: p('/oauth/clients/register'), auth: 'public', body: z.looseObject({}), answer: z.undefined() }),
  adminCustomProviders: route({ method: 'GET', path: p('/admin/custom-providers'), auth: 'service', query: z.looseObject({}), answer: z.undefined() }),
  adminCreateCustomProvider: route({ method: 'POST', path: p('/admin/custom-providers'), auth: 'service', body: z.looseObject({}), answer: z.undefined() }),
  adminCustomProvider: route({ method: 'GET', path: p('/admin/custom-providers/:identifier'), auth: 'service', params: a.customProviderParams, answer: z.undefined() }),
  adminUpdateCustomProvider: route({
    method: 'PUT',
    path: p('/admin/custom-providers/:identifier'),
    auth: 'service',
    params: a.customProviderParams,
    body: z.looseObject({}),
    answer: z.undefined(),
  }),
  adminDeleteCustomProvider: route({ method: 'DELETE', path: p('/admin/custom-providers/:identifier'), auth: 'service', params: a.customProviderParams, answer: z.undefined() }),

  /** Makes a new key sign access tokens; the old one verifies until its tokens expire. */
  rotateSigningKey: route({ method: 'POST', path: '/platform/auth/signing-keys/rotate', auth: 'service', answer: a.rotateKeyAnswer }),
}

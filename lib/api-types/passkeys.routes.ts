/**
 * Passkeys of the auth service (what @supabase/auth-js's passkey methods call, below /auth/v1).
 * Registering and managing need a signed-in user; signing in is public and answers a session.
 */
import { z } from 'zod'
import { route } from './route'
import * as k from './passkeys'

const p = (path: string) => `/auth/v1${path}`
/** A credential answer is a few KB; nothing larger is read. */
const CREDENTIAL_BODY_BYTES = 64 * 1024

export const passkeyRoutes = {
  passkeyRegistrationOptions: route({ method: 'POST', path: p('/passkeys/registration/options'), body: k.registrationOptionsBody, answer: k.registrationOptionsAnswer }),
  passkeyRegistrationVerify: route({
    method: 'POST',
    path: p('/passkeys/registration/verify'),
    body: k.registrationVerifyBody,
    answer: k.passkeyMetadata,
    maxBodyBytes: CREDENTIAL_BODY_BYTES,
  }),
  passkeyAuthenticationOptions: route({
    method: 'POST',
    path: p('/passkeys/authentication/options'),
    auth: 'public',
    body: k.authenticationOptionsBody,
    answer: k.authenticationOptionsAnswer,
    // Sign-in counts against the same limit as password sign-ins (RATE_LIMIT_SIGN_IN), per step.
    rateLimit: [{ bucket: 'passkey-options:ip', rule: 'signInPerIp', key: 'ip' }],
  }),
  passkeyAuthenticationVerify: route({
    method: 'POST',
    path: p('/passkeys/authentication/verify'),
    auth: 'public',
    body: k.authenticationVerifyBody,
    answer: k.passkeySessionAnswer,
    maxBodyBytes: CREDENTIAL_BODY_BYTES,
    rateLimit: [{ bucket: 'passkey-verify:ip', rule: 'signInPerIp', key: 'ip' }],
  }),
  passkeyList: route({ method: 'GET', path: p('/passkeys'), answer: k.passkeyList }),
  passkeyUpdate: route({ method: 'PATCH', path: p('/passkeys/:passkeyId'), params: k.passkeyParams, body: k.passkeyUpdateBody, answer: k.passkeyItem }),
  passkeyDelete: route({ method: 'DELETE', path: p('/passkeys/:passkeyId'), params: k.passkeyParams, answer: z.undefined(), status: 204 }),

  /** The admin API's view of a user's passkeys (GoTrueAdminApi.passkey): the service role's key only. */
  adminListPasskeys: route({ method: 'GET', path: p('/admin/users/:userId/passkeys'), auth: 'service', params: k.adminPasskeyUserParams, answer: k.passkeyList }),
  adminDeletePasskey: route({
    method: 'DELETE',
    path: p('/admin/users/:userId/passkeys/:passkeyId'),
    auth: 'service',
    params: k.adminPasskeyParams,
    answer: z.undefined(),
    status: 204,
  }),
}

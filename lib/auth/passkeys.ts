/**
 * Passkeys in the browser: whether this one can use them, and what to tell a person when a
 * ceremony fails. Failures come from the browser (auth-js wraps them as WebAuthn errors with a
 * code, the browser's own error as `cause`) or from the auth service (GoTrue error codes).
 */

/** What the dashboard needs of the browser: the WebAuthn API, on a secure page. */
export function browserSupportsPasskeys(): boolean {
  if (typeof window === 'undefined') return false
  return (
    typeof window.PublicKeyCredential === 'function' &&
    typeof navigator !== 'undefined' &&
    typeof navigator.credentials?.create === 'function' &&
    typeof navigator.credentials?.get === 'function'
  )
}

type FailureLike = { message?: string; code?: unknown; name?: string; cause?: unknown }

const BY_CODE: Record<string, string> = {
  ERROR_CEREMONY_ABORTED: 'The passkey prompt was cancelled.',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This device already holds a passkey for your account.',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: 'This authenticator cannot store a passkey. Try another device or security key.',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT:
    'This authenticator cannot check it is you (fingerprint, face or PIN), which passkeys here require. Set a PIN on it, or use another device.',
  ERROR_INVALID_DOMAIN: 'Passkeys need the dashboard to be opened at a host name over HTTPS (or at localhost).',
  ERROR_INVALID_RP_ID: 'Passkeys of this dashboard belong to another address. Open the dashboard at its usual address (SITE_URL).',
  too_many_passkeys: 'You have the most passkeys an account can hold. Remove one to add another.',
  insufficient_aal: 'Enter your two-factor code first: sign out and in again, then manage your passkeys.',
  webauthn_credential_not_found: 'This passkey is not registered for any account here. It may have been removed: sign in another way and add it again.',
  webauthn_credential_exists: 'This passkey is already registered.',
  webauthn_challenge_expired: 'That took too long. Please try again.',
  webauthn_challenge_not_found: 'That passkey request was already used or has expired. Please try again.',
}

const causeName = (cause: unknown) => (cause && typeof cause === 'object' && 'name' in cause ? String((cause as { name: unknown }).name) : undefined)

/** One sentence for a failed passkey ceremony or request. */
export function passkeyErrorMessage(error: FailureLike | null | undefined): string {
  if (!error) return 'Something went wrong with the passkey. Please try again.'
  // Browsers answer NotAllowedError when the prompt is closed, times out, or no passkey is chosen.
  if (error.name === 'NotAllowedError' || causeName(error.cause) === 'NotAllowedError')
    return 'The passkey prompt was closed or timed out. Please try again.'
  if (typeof error.code === 'string' && BY_CODE[error.code]) return BY_CODE[error.code]
  if (/does not support WebAuthn/i.test(error.message ?? '')) return 'Your browser does not support passkeys'
  return error.message || 'Something went wrong with the passkey. Please try again.'
}

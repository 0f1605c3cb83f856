/**
 * SPEC §8: a sign-in through a code host whose email address is not verified there comes back
 * with 'Error sending confirmation mail' (or GoTrue's provider_email_needs_verification). The
 * user is told to verify the address on the code host first, then to contact support.
 */
const SENDING_FAILED = /error sending confirmation (e)?mail/i

export function isUnverifiedProviderEmail(message: string | null, code: string | null): boolean {
  return code === 'provider_email_needs_verification' || (!!message && SENDING_FAILED.test(message))
}

export function unverifiedProviderEmailMessage(providerLabel: string | null): string {
  const host = providerLabel ?? 'your code host'
  return `Verify the email address of your ${host} account on ${host} first, then sign in again. If it still does not work, contact support.`
}

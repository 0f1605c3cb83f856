import { describe, expect, it } from 'vitest'
import { isUnverifiedProviderEmail, unverifiedProviderEmailMessage } from './unverified-provider-email'

describe('unverified code-host email', () => {
  it("recognises 'Error sending confirmation mail' (and email), and GoTrue's code", () => {
    expect(isUnverifiedProviderEmail('Error sending confirmation mail', null)).toBe(true)
    expect(isUnverifiedProviderEmail('Error sending confirmation email', 'unexpected_failure')).toBe(true)
    expect(isUnverifiedProviderEmail('Unverified email with github.', 'provider_email_needs_verification')).toBe(true)
    expect(isUnverifiedProviderEmail('Invalid login credentials', 'invalid_credentials')).toBe(false)
    expect(isUnverifiedProviderEmail(null, null)).toBe(false)
  })

  it('names the code host', () => {
    expect(unverifiedProviderEmailMessage('GitHub')).toBe(
      'Verify the email address of your GitHub account on GitHub first, then sign in again. If it still does not work, contact support.'
    )
    expect(unverifiedProviderEmailMessage(null)).toContain('your code host')
  })
})

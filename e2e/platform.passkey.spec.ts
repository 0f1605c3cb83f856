import { expect, test } from '@playwright/test'
import { PORTS } from '../playwright.config'
import { signOut, signUp, uniqueEmail } from './helpers'

// A passkey's site is a domain name: an IP address cannot be one, so this test uses localhost.
test.use({ baseURL: `http://localhost:${PORTS.platform}` })

test('a passkey added on the account page signs in without a password, and is remembered as the last way in', async ({ page, context }) => {
  // Chromium's virtual authenticator stands in for a phone or a security key (user verified, no prompt).
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })

  const email = uniqueEmail('passkey')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/account/security')
  await expect(page.getByText('No passkeys yet')).toBeVisible()
  await page.getByRole('button', { name: 'Add passkey' }).click()
  await expect(page.getByRole('list', { name: 'Passkeys' })).toContainText('Passkey')

  // Signed out from the account page: signing in again leads back there.
  await signOut(page)
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  await expect(page.getByTestId('profile-email')).toHaveText(email)

  await signOut(page)
  await expect(page.getByRole('button', { name: /Sign in with a passkey/ }).locator('..').getByTestId('last-used-badge')).toBeVisible()
})

import { expect, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { PASSWORD, signIn, signOut, uniqueEmail, openUserMenu } from './helpers'

const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 })

test('sign up: a weak password is refused, a strong one accepted; TOTP set up; the next sign-in asks for the code', async ({ page }) => {
  const email = uniqueEmail('mfa')
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('password123')
  await expect(page.getByTestId('password-strength')).toContainText('This password is not acceptable.')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'stronger' })).toContainText('You need a stronger password.')
  await expect(page).toHaveURL(/\/sign-up/)

  await page.getByLabel('Password').fill(PASSWORD)
  await expect(page.getByTestId('password-strength')).toContainText('This password is strong.')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)

  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/account\/security$/)
  await page.getByLabel('Name (optional)').fill('Phone')
  await page.getByRole('button', { name: 'Add authenticator app' }).click()
  const qr = page.getByRole('img', { name: /QR code/ })
  await expect(qr).toBeVisible()
  // The image really renders (a broken data URI has no natural size).
  await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim()
  await page.getByLabel('Code from the app').fill(codeFor(secret))
  await page.getByRole('button', { name: 'Verify and turn on' }).click()
  await expect(page.getByRole('list', { name: 'Authenticator apps' })).toContainText('Phone')

  await signOut(page)
  await signIn(page, email)
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  // Not signed in for the dashboard yet: other pages send the visitor back here.
  await page.goto('/projects')
  await expect(page).toHaveURL(/\/sign-in/)
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toBeVisible()
  await page.getByLabel('Authentication code').fill(codeFor(secret, 1))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByTestId('profile-email')).toHaveText(email)
})

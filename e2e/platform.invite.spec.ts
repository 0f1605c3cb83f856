import { expect, test } from '@playwright/test'
import { PASSWORD, signUp, uniqueEmail } from './helpers'

test('invite → join → the new member sees the organization', async ({ page, browser }) => {
  await signUp(page, uniqueEmail('owner'))
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/new')
  await page.getByLabel('Name').fill('Invite Crew')
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  const slug = page.url().split('/').pop()!

  const invitee = uniqueEmail('invitee')
  await page.goto(`/org/${slug}/team`)
  const form = page.getByRole('form', { name: 'Invite a member' })
  await form.getByLabel('Email').fill(invitee)
  await form.getByLabel('Role').selectOption('Developer')
  await form.getByRole('button', { name: 'Send invitation' }).click()
  const sent = page.getByText(/Share this link with them:/)
  await expect(sent).toBeVisible()
  const link = /(https?:\/\/\S+\/join\?token=[\w-]+)/.exec((await sent.textContent())!)![1]

  // The invitee opens the link in their own browser, signs up, and comes back to it.
  const context = await browser.newContext()
  const other = await context.newPage()
  await other.goto(link)
  await expect(other).toHaveURL(/\/sign-in\?returnTo=/)
  await other.getByRole('link', { name: 'Sign up now' }).click()
  // The sign-in form shows until the sign-up page has loaded: fill the sign-up form, not that one.
  await expect(other.getByRole('heading', { name: 'Get started' })).toBeVisible()
  await other.getByLabel('Email').fill(invitee)
  await other.getByLabel('Password').fill(PASSWORD)
  await other.getByRole('button', { name: 'Sign up' }).click()
  await expect(other).toHaveURL(/\/join\?token=/)
  await expect(other.getByRole('heading', { name: 'Join Invite Crew' })).toBeVisible()
  await other.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(other).toHaveURL(new RegExp(`/org/${slug}$`))
  await expect(other.getByText('Invite Crew').first()).toBeVisible()
  await context.close()

  // The Owner sees the new member with their role.
  await page.reload()
  await expect(page.getByText(invitee).first()).toBeVisible()
})

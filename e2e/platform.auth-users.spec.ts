import { expect, test } from '@playwright/test'
import { newUserWithProject } from './helpers'
import { photograph } from './photograph'

/**
 * A project's own users from the dashboard, on the real platform: added, invited, found by search,
 * banned (and the ban holds at the project's auth URL), deleted; a provider setting changed and
 * still there after a reload.
 */
test('Authentication → Users and → Providers: a project user added, searched, banned, deleted; a setting kept', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'auth-users', 'Auth users org', 'Auth users db')

  await page.goto(`/project/${ref}/settings/api`)
  const anon = (await page.locator('code[aria-labelledby="api-anon"]').textContent())!
  expect(anon.split('.')).toHaveLength(3)
  const authUrl = new URL(`/p/${ref}/auth/v1`, page.url()).href
  // Toasts sit over the page's top: closed before a photograph, so it shows the page.
  const closeToasts = async () => {
    await page.locator('[data-sonner-toast] [data-close-button]').evaluateAll((buttons) => buttons.forEach((b) => (b as HTMLElement).click()))
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
  }
  const signIn = (email: string, password: string) =>
    fetch(`${authUrl}/token?grant_type=password`, { method: 'POST', headers: { apikey: anon, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })

  await page.goto(`/project/${ref}/auth/users`)
  await expect(page.getByText('No users yet')).toBeVisible()
  await photograph(page, 'auth-users-empty', { widths: [375, 1280] })

  // Add a user who can sign in at once.
  const ada = `ada-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Add user' }).first().click()
  const add = page.getByRole('dialog', { name: 'Add user' })
  await add.getByLabel('Email address').fill(ada)
  await add.getByLabel('Password').fill('ada password 1')
  await add.getByRole('button', { name: 'Create user' }).click()
  await expect(add).toBeHidden()
  await expect(page.getByRole('button', { name: ada })).toBeVisible()
  expect((await signIn(ada, 'ada password 1')).status).toBe(200)

  // Invite another.
  const grace = `grace-${Date.now()}@example.com`
  await page.getByRole('button', { name: 'Invite user' }).click()
  const invite = page.getByRole('dialog', { name: 'Invite user' })
  await invite.getByLabel('Email address').fill(grace)
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite).toBeHidden()
  const graceRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: grace }) })
  await expect(graceRow.getByText('Invited')).toBeVisible()
  await expect(page.getByText('1–2 of 2 users')).toBeVisible()
  await closeToasts()
  await photograph(page, 'auth-users-list', { widths: [375, 1280] })

  // Search.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('ada-')
  await expect(page.getByText('1–1 of 1 user')).toBeVisible()
  await expect(page.getByRole('button', { name: grace })).toBeHidden()

  // Ban: the list says so, and the project's auth service refuses the user.
  await page.getByRole('button', { name: ada }).click()
  const panel = page.getByRole('dialog', { name: ada })
  await panel.getByLabel('Ban for').selectOption({ label: '24 hours' })
  await panel.getByRole('button', { name: 'Ban user' }).click()
  await expect(panel.getByRole('button', { name: 'Unban user' })).toBeVisible()
  const adaRow = page.getByRole('row').filter({ has: page.getByRole('button', { name: ada }) })
  await expect(adaRow.getByText(/^Banned until /)).toBeVisible()
  const refused = await signIn(ada, 'ada password 1')
  expect(refused.status).toBeGreaterThanOrEqual(400)
  await closeToasts()
  await photograph(page, 'auth-users-panel', { widths: [375, 1280] })

  // Delete, after the confirmation.
  await page.setViewportSize({ width: 1280, height: 860 })
  await panel.getByRole('button', { name: 'Delete user' }).click()
  const confirm = page.getByRole('dialog', { name: `Delete ${ada}?` })
  await confirm.getByRole('button', { name: 'Delete user' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText(`No users match “ada-”`)).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search users' }).fill('')
  await expect(page.getByText('1–1 of 1 user')).toBeVisible()
  await expect(page.getByRole('button', { name: grace })).toBeVisible()

  // Providers: a change kept after a reload.
  await page.goto(`/project/${ref}/auth/providers`)
  const form = page.getByRole('form', { name: 'Auth settings' })
  const signups = form.getByRole('switch', { name: 'Allow new users to sign up' })
  await expect(signups).toBeEnabled()
  await expect(signups).toHaveAttribute('aria-checked', 'true')
  await signups.click()
  await form.getByRole('textbox', { name: 'New redirect URL' }).fill('https://app.example.com/**')
  await form.getByRole('button', { name: 'Add URL' }).click()
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Auth settings saved')).toBeVisible()
  await page.reload()
  await expect(form.getByRole('switch', { name: 'Allow new users to sign up' })).toHaveAttribute('aria-checked', 'false')
  await expect(form.getByRole('list', { name: 'Redirect URLs' })).toContainText('https://app.example.com/**')
  // And the project's auth service keeps to it: nobody signs up on their own.
  const signup = await fetch(`${authUrl}/signup`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({ email: `late-${Date.now()}@example.com`, password: 'late password 1' }),
  })
  expect(signup.status).toBeGreaterThanOrEqual(400)
  await closeToasts()
  await photograph(page, 'auth-providers', { widths: [375, 1280] })
})

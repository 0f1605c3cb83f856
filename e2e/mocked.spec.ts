import { expect, test } from '@playwright/test'
import { PROJECT_STATUSES } from '../lib/api-types/projects'
import { STATUS_SCREENS } from '../components/layouts/project-status-screens'
import { STATUS_BADGES } from '../components/interfaces/Projects/status-badges'
import { createOrgAndProject } from './helpers'
import { photograph } from './photograph'

const STORAGE_KEY = 'supaboard-auth-token'

/** A syntactically valid, unsigned JWT: the mocked platform never checks it. */
function fakeJwt(expiresAt: number) {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: '11111111-1111-4111-8111-111111111111', exp: expiresAt, role: 'authenticated' })}.c2ln`
}

test('a 401 on the profile load signs out and lands on /sign-in', async ({ page }) => {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600
  const session = {
    access_token: fakeJwt(expiresAt),
    refresh_token: 'mock-refresh',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: expiresAt,
    user: { id: '11111111-1111-4111-8111-111111111111', aud: 'authenticated', role: 'authenticated', email: 'mock@example.com', app_metadata: {}, user_metadata: {}, created_at: new Date().toISOString() },
  }
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, value)
        localStorage.setItem('supaboard-mock-scenario', 'profile-401')
        sessionStorage.setItem('seeded', '1')
      }
    },
    [STORAGE_KEY, JSON.stringify(session)]
  )
  const profileCall = page.waitForResponse((r) => r.url().endsWith('/api/platform/profile'))
  await page.goto('/projects')
  expect((await profileCall).status()).toBe(401)
  await expect(page).toHaveURL(/\/sign-in(\?returnTo=%2Fprojects)?$/)
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible()
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull()
})

test('a project list that keeps failing says so, after the retries', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('supaboard-mock-scenario', 'projects-500'))
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(`mocked-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByText('Could not load your projects')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('The platform is having a bad day.')).toBeVisible()
})

test('a Read-only member sees projects and no New project, and runs SQL marked Read-only', async ({ page }) => {
  // Real sign-up, organization and project; then the permissions say Read-only.
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(`readonly-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  const ref = await createOrgAndProject(page, 'Look only', 'Read me')
  await page.evaluate(() => localStorage.setItem('supaboard-mock-scenario', 'read-only'))
  await page.goto('/projects')
  await expect(page.getByRole('link', { name: 'Look only' })).toBeVisible()
  await expect(page.getByTestId('project-card')).toContainText('Read me')
  await expect(page.getByRole('link', { name: 'New project' })).toHaveCount(0)
  await page.goto(`/project/${ref}/sql/new`)
  await page.locator('.monaco-editor').first().click()
  await page.keyboard.insertText('select 1')
  const run = page.getByRole('button', { name: /^Run/ })
  await expect(run).toBeEnabled()
  await expect(page.getByTestId('sql-editor-read-only')).toHaveText('Read-only')
  // Pausing, restarting and deleting are for Owners and Admins.
  await page.goto(`/project/${ref}`)
  await expect(page.getByRole('heading', { name: 'Read me' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pause project' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0)
})

test('every project status shows its own status screen and badge', async ({ page }) => {
  // A page load for each of the dozen statuses: took two thirds of the default limit beside vitest.
  test.setTimeout(360_000)
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(`statuses-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  const ref = await createOrgAndProject(page, 'Every status', 'Shop')
  for (const status of PROJECT_STATUSES) {
    await page.evaluate((scenario) => localStorage.setItem('supaboard-mock-scenario', scenario), `status-${status}`)
    // The project's home shows its badge; any other project page shows the status screen.
    await page.goto(`/project/${ref}`)
    await expect(page.locator(`[data-status="${status}"]`).filter({ hasText: STATUS_BADGES[status][0] }).first()).toBeVisible()
    await page.goto(`/project/${ref}/settings/general`)
    if (status === 'ACTIVE_HEALTHY') await expect(page.getByRole('heading', { name: 'General settings' })).toBeVisible()
    else {
      await expect(page.getByText(STATUS_SCREENS[status].title, { exact: true })).toBeVisible()
      if (status === 'UNKNOWN' || status === 'UPGRADING') await photograph(page, `status-${status.toLowerCase()}`, { widths: [375, 1280] })
    }
  }
})

test('Compute and Disk: a Read-only member sees the sizes but may not resize; an error says so with Try again', async ({ page }) => {
  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(`compute-${Date.now()}@example.com`)
  await page.getByLabel('Password').fill('correct horse battery staple')
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  const ref = await createOrgAndProject(page, 'Compute look', 'Sized')
  await page.evaluate(() => localStorage.setItem('supaboard-mock-scenario', 'read-only'))
  await page.goto(`/project/${ref}/settings/compute-and-disk`)
  await expect(page.getByTestId('current-compute')).toContainText('Nano compute')
  await expect(page.getByText('Only Owners and Admins of the organization can change the compute size.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^(Apply|Change to) Nano$/ })).toBeDisabled()
  await photograph(page, 'compute-read-only', { widths: [375, 1280] })

  await page.evaluate(() => localStorage.setItem('supaboard-mock-scenario', 'compute-500'))
  await page.goto(`/project/${ref}/settings/compute-and-disk`)
  await expect(page.getByText('Could not load the compute size')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: /Try again/ })).toBeVisible()
  await photograph(page, 'compute-error', { widths: [375, 1280] })
})

import { expect, test, type Page, type Request } from '@playwright/test'
import { newUserWithProject, openUserMenu, runSql, signUp, uniqueEmail } from './helpers'

/**
 * The shell's golden paths against the real platform: consent decides what reaches it, feature
 * previews change the product, the command menu navigates and searches the docs, and a skewed
 * clock is pointed out.
 */
test.describe.configure({ mode: 'serial' })

const CONSENT_TEXT = 'We use first-party cookies to improve our services.'

function recordTelemetry(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request: Request) => {
    const path = new URL(request.url()).pathname
    if (path.startsWith('/api/platform/telemetry/') && request.method() === 'POST') sent.push(path)
  })
  return sent
}

test('consent: nothing is sent before an answer; after Accept page views reach the platform and the user sees them', async ({ page }) => {
  const sent = recordTelemetry(page)
  await page.goto('/sign-in')
  const consent = page.getByText(CONSENT_TEXT)
  await expect(consent).toBeVisible()
  await page.getByRole('link', { name: 'Sign up now' }).click()
  await expect(page).toHaveURL(/\/sign-up/)
  await expect(consent).toBeVisible()
  expect(sent).toEqual([])

  const pageView = page.waitForRequest((r) => r.url().endsWith('/api/platform/telemetry/page') && r.method() === 'POST')
  await page.getByRole('button', { name: 'Accept' }).click()
  expect((await pageView).postDataJSON()).toMatchObject({ pathname: '/sign-up' })
  await expect(consent).toBeHidden()
  expect(await page.evaluate(() => window.localStorage.getItem('supaboard-telemetry-consent'))).toBe('true')

  // The list below is read once when its page opens: wait until the platform has stored the
  // page view of /projects, not only until it was sent.
  const projectsView = page.waitForResponse(
    (r) => r.url().endsWith('/api/platform/telemetry/page') && r.request().postDataJSON()?.pathname === '/projects',
  )
  await signUp(page, uniqueEmail('consent'))
  await expect(page).toHaveURL(/\/projects$/)
  await expect.poll(() => sent.filter((p) => p.endsWith('/identify')).length).toBeGreaterThan(0)
  expect((await projectsView).ok()).toBe(true)

  // What was recorded is the user's to see, and to delete.
  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Your telemetry data' }).click()
  await expect(page).toHaveURL(/\/account\/telemetry$/)
  const records = page.getByRole('list', { name: 'Recorded telemetry' })
  await expect(records.getByRole('listitem').first()).toBeVisible()
  await expect(records).toContainText('/projects')
  await page.getByRole('button', { name: /Delete all/ }).click()
  await page.getByRole('dialog').getByRole('button', { name: /Delete/ }).click()
  await expect(page.getByText('Nothing is recorded about you')).toBeVisible()
})

test('consent: after Opt out nothing reaches the platform, across pages and reloads', async ({ page }) => {
  const sent = recordTelemetry(page)
  await page.goto('/sign-in')
  await page.getByRole('button', { name: 'Opt out' }).click()
  await expect(page.getByText(CONSENT_TEXT)).toBeHidden()
  await page.getByRole('link', { name: 'Sign up now' }).click()
  await expect(page).toHaveURL(/\/sign-up/)
  await page.reload()
  await page.goto('/docs/quick-start')
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.getByText(CONSENT_TEXT)).toBeHidden()
  expect(await page.evaluate(() => window.localStorage.getItem('supaboard-telemetry-consent'))).toBe('false')
  expect(sent).toEqual([])
})

test('feature previews change the product; the command menu navigates and searches the docs; a skewed clock is pointed out', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'shell', 'Shell Works', 'Previewed')
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'create role reporting nologin;\ncreate table invoices (id int primary key, amount numeric, note text)')
  await expect(page.getByText('Success. No rows returned').first()).toBeVisible()

  // Off by default: no column privileges page in the navigation, no API button.
  await page.goto(`/project/${ref}`)
  await expect(page.getByRole('button', { name: 'API', exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Column privileges' })).toHaveCount(0)

  await openUserMenu(page)
  await page.getByRole('menuitem', { name: 'Feature previews' }).click()
  const previews = page.getByRole('dialog', { name: 'Dashboard feature previews' })
  await previews.getByRole('tab', { name: /Column-level privileges/ }).click()
  await previews.getByRole('button', { name: 'Enable feature' }).click()
  await expect(previews.getByRole('button', { name: 'Disable feature' })).toBeVisible()
  await previews.getByRole('tab', { name: /API documentation side panel/ }).click()
  await previews.getByRole('button', { name: 'Enable feature' }).click()
  await page.keyboard.press('Escape')
  await expect(previews).toBeHidden()

  // The API docs panel documents the project's real tables.
  await page.getByRole('button', { name: 'API', exact: true }).click()
  const apiDocs = page.getByRole('dialog').filter({ hasText: 'invoices' })
  await expect(apiDocs).toBeVisible()
  await page.keyboard.press('Escape')

  // Column privileges: roles × columns from the project database, granted there.
  await page.getByRole('link', { name: 'Column privileges' }).first().click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/column-privileges`))
  const cell = page.getByRole('button', { name: 'SELECT on amount for reporting' })
  await expect(cell).toHaveAttribute('aria-pressed', 'false')
  await cell.click()
  await expect(cell).toHaveAttribute('aria-pressed', 'true')
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "select privilege_type from information_schema.column_privileges where grantee = 'reporting' and column_name = 'amount'")
  await expect(page.getByRole('grid').getByRole('gridcell', { name: 'SELECT' })).toBeVisible()

  // ⌘K / Ctrl+K: navigation.
  await page.keyboard.press('ControlOrMeta+k')
  const menu = page.getByRole('dialog', { name: 'Command menu' })
  await expect(menu).toBeVisible()
  await menu.getByPlaceholder('Type a command or search the docs…').fill('Snippet library')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/templates`))
  await expect(menu).toBeHidden()

  // Docs search, answered by the built-in docs backend from the product's own docs. Once the
  // templates page has loaded, a step at a time: a failure says which one.
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible()
  await page.keyboard.press('ControlOrMeta+k')
  await expect(menu).toBeVisible()
  const input = menu.getByPlaceholder('Type a command or search the docs…')
  await expect(input).toBeFocused()
  const searched = page.waitForResponse((r) => r.url().endsWith('/api/docs/rest/v1/rpc/docs_search_fts'), { timeout: 30_000 })
  await input.fill('row limit')
  await expect(input).toHaveValue('row limit')
  expect((await searched).status()).toBe(200)
  const result = menu.getByRole('option', { name: /SQL editor/i }).first()
  await expect(result).toBeVisible()
  await result.click()
  await expect(page).toHaveURL(/\/docs\/sql-editor/)

  // A clock ten minutes ahead of the server's: the banner says so.
  await page.clock.setFixedTime(Date.now() + 10 * 60_000)
  await page.goto('/projects')
  await expect(page.getByText("Your computer's clock appears to be inaccurate.")).toBeVisible()
})

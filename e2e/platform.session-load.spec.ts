import { expect, test, type Page, type Response } from '@playwright/test'
import { editorText, newUserWithProject, saveStatus, typeInEditor } from './helpers'

/**
 * A signed-in full page load sends its first platform calls with the session: no call that needs
 * it leaves before the session is known, so none answers 401, the SQL editor opens the snippet
 * last visited and telemetry identifies the project or organization entered.
 */
test.describe.configure({ mode: 'serial' })

const UUID_URL = /\/sql\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Every answer of the platform or the auth service that said 401, from now on (method and path). */
function recordUnauthorized(page: Page): string[] {
  const refused: string[] = []
  page.on('response', (response: Response) => {
    const url = new URL(response.url())
    if (!url.pathname.startsWith('/api/') && !url.pathname.startsWith('/auth/v1/')) return
    if (response.status() === 401) refused.push(`${response.request().method()} ${url.pathname}`)
  })
  return refused
}

/** Waits for the page's groups identify to be answered; answers its status (checked softly: the loads go on). */
const groupsIdentified = (page: Page) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === '/api/platform/telemetry/groups/identify').then((r) => r.status())

test('full page loads while signed in: the last snippet opens, telemetry groups are identified, nothing answers 401', async ({ page }) => {
  // Telemetry accepted, so that the loads below identify their project or organization.
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'true'))
  const ref = await newUserWithProject(page, 'session-load', 'Session Load Works', 'Loaded with a session')

  await page.goto(`/project/${ref}/sql/new`)
  await typeInEditor(page, "select 'opened-after-full-load' as note", { replace: true })
  await expect(page).toHaveURL(UUID_URL)
  await expect(saveStatus(page)).toHaveText('Saved')
  const snippetUrl = page.url()

  const refused = recordUnauthorized(page)

  // A full load of the snippet itself: opening it records the visit.
  let identified = groupsIdentified(page)
  await page.goto(snippetUrl)
  await expect(editorText(page)).toContainText('opened-after-full-load', { timeout: 30_000 })
  expect.soft(await identified).toBe(204)

  // A full load of the editor's entry: the last snippet opens, not a blank query.
  identified = groupsIdentified(page)
  await page.goto(`/project/${ref}/sql`)
  await expect(page).toHaveURL(snippetUrl)
  await expect(editorText(page)).toContainText('opened-after-full-load', { timeout: 30_000 })
  expect.soft(await identified).toBe(204)

  // The projects list, then an organization page.
  await page.goto('/projects')
  await expect(page.getByText('Loaded with a session').first()).toBeVisible()
  const slug = await page.evaluate(async () => {
    const { access_token } = JSON.parse(window.localStorage.getItem('supaboard-auth-token')!) as { access_token: string }
    const answer = await fetch('/api/platform/organizations', { headers: { Authorization: `Bearer ${access_token}` } })
    const orgs = (await answer.json()) as Array<{ slug: string; name: string }>
    return orgs.find((org) => org.name === 'Session Load Works')!.slug
  })
  identified = groupsIdentified(page)
  await page.goto(`/org/${slug}`)
  await expect(page.getByText('Loaded with a session').first()).toBeVisible()
  expect.soft(await identified).toBe(204)
  // And a reload of it.
  identified = groupsIdentified(page)
  await page.reload()
  await expect(page.getByText('Loaded with a session').first()).toBeVisible()
  expect.soft(await identified).toBe(204)

  expect(refused).toEqual([])
})

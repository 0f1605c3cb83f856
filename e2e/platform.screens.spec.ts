import { expect, test } from '@playwright/test'
import { photograph } from './photograph'
import { createOrgAndProject, runSql, signUp, uniqueEmail } from './helpers'

/**
 * The main screens at phone, tablet and desktop width, in light and dark, checked for the faults a
 * person would notice at once: a page wider than the screen, and a header that lost its menu.
 * With E2E_SCREENSHOTS=1 each is photographed into test-results/screenshots, to look at.
 */
test.describe.configure({ mode: 'serial' })

test('the main screens fit phone, tablet and desktop widths in light and dark', async ({ page }) => {
  test.setTimeout(240_000)
  // The consent question is answered, so that it does not cover the screens photographed.
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  await page.goto('/sign-in')
  await photograph(page, 'sign-in')

  await signUp(page, uniqueEmail('screens'))
  await expect(page).toHaveURL(/\/projects$/)
  const ref = await createOrgAndProject(page, 'Screens Incorporated With A Rather Long Name', 'A project whose name is long too')
  await page.goto('/projects')
  await photograph(page, 'projects')

  await page.goto(`/project/${ref}`)
  await photograph(page, 'project-overview')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'select g as id, md5(g::text) as hash, now() as at from generate_series(1, 50) g')
  await expect(page.getByRole('grid')).toBeVisible()
  await photograph(page, 'sql-editor')

  await page.goto(`/project/${ref}/sql/templates`)
  await photograph(page, 'snippet-library')

  await page.goto('/docs/quick-start')
  await photograph(page, 'docs')

  await page.goto('/support/new')
  await photograph(page, 'support')
})

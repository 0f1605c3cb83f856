import fs from 'node:fs'
import path from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { createOrgAndProject, runSql, signUp, uniqueEmail } from './helpers'

/**
 * The main screens at phone, tablet and desktop width, in light and dark: each is photographed
 * into test-results/screenshots (kept as test artifacts to look at) and checked for the faults a
 * person would notice at once: a page wider than the screen, and a header that lost its menu.
 */
test.describe.configure({ mode: 'serial' })

const WIDTHS = [375, 768, 1280] as const
const THEMES = ['light', 'dark'] as const
const OUT = path.join('test-results', 'screenshots')

async function photograph(page: Page, name: string) {
  for (const theme of THEMES) {
    // next-themes follows the theme key's storage events (as from another tab): no reload, so
    // the page keeps what it shows (a query's results).
    await page.evaluate((t) => {
      window.localStorage.setItem('theme', t)
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: t }))
    }, theme)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 700 ? 780 : 860 })
      // Two frames: the layout has answered the resize before it is measured.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${name} at ${width}px (${theme}) is wider than the screen`).toBeLessThanOrEqual(0)
      fs.mkdirSync(OUT, { recursive: true })
      await page.screenshot({ path: path.join(OUT, `${name}-${width}-${theme}.png`) })
    }
  }
}

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

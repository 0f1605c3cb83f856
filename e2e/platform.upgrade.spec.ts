import { expect, test, type Page } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * A minor upgrade on the real platform: an extension made at an older version than the server
 * ships is offered on Project settings → General; Upgrade (after the confirmation) shows the
 * Upgrading screen, then the page again, up to date, with what the upgrade did.
 */
/** The Upgrade card in view at each width (it is below the fold on a phone). */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 700 ? 780 : 860 })
    await page.getByTestId('upgrade-card').scrollIntoViewIfNeeded()
    await photograph(page, name, { widths: [width] })
  }
  await page.setViewportSize({ width: 1280, height: 860 })
}

test('Project settings → General: upgrade an extension that is behind the server', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'upgrade', 'Upgrade org', 'Upgrade db')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, `create extension hstore version '1.4'`)
  await expect(page.getByText(/^CREATE EXTENSION/).first()).toBeVisible({ timeout: 30_000 })

  await page.goto(`/project/${ref}/settings/general`)
  const card = page.getByTestId('upgrade-card')
  await expect(card.getByRole('list', { name: 'Extensions to upgrade' })).toContainText('hstore')
  await expect(card).toContainText('1.4 → 1.8')
  await shoot(page, 'project-upgrade-offered')

  await card.getByRole('button', { name: 'Upgrade' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('every open connection to its database is ended')
  await dialog.getByRole('button', { name: 'Upgrade now' }).click()

  // The status screen while it runs (it may be quick), then the page again, up to date.
  await expect(page.getByTestId('upgrade-card')).toContainText('Up to date', { timeout: 60_000 })
  await expect(page.getByTestId('last-upgrade')).toContainText('Updated hstore 1.4 → 1.8')
  await shoot(page, 'project-upgrade-done')
})

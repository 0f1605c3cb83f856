import { expect, test, type Page } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * Project settings → General on the real platform: rename a Free project (the breadcrumb follows),
 * its pause status and the versions it runs; then fill it past the Free plan's database size (500
 * MB): at the next usage sample it is read-only, with the banner on its pages and the SQL editor
 * refusing a write in words, whatever transaction it asks for; writes allowed for a while and the
 * data dropped, it is writable again.
 */

/** Reloads until the check passes: usage is sampled every 10 s on the test platform. */
async function eventually(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload()
    await check()
  }).toPass({ timeout: 120_000, intervals: [3_000] })
}

test('Project settings → General: rename, pause status, service versions; read-only past the quota and writable after cleanup', async ({ page }) => {
  test.setTimeout(420_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'general', 'General org', 'General db')

  await page.goto(`/project/${ref}/settings/general`)
  await expect(page.getByRole('heading', { name: 'General settings' })).toBeVisible()
  const versions = page.getByLabel('Service versions')
  await expect(versions).toContainText(/Postgres\s*17\.\d+/)
  await expect(versions).toContainText(/PostgREST\s*12\.\d+\.\d+/)
  await expect(versions).toContainText('Auth (GoTrue-compatible)')
  await expect(page.getByTestId('pause-status')).toContainText('Paused for inactivity from')

  const name = page.getByLabel('Name', { exact: true })
  await expect(name).toHaveValue('General db')
  await name.fill('Shop backend')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('The project is now called Shop backend')).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop backend' }).first()).toBeVisible()
  await photograph(page, 'project-settings-general', { widths: [375, 1280] })

  // Past the Free plan's 500 MB: about 600 MB of rows that do not compress. Unlogged: the size
  // counts the same, and the server does not write the 600 MB a second time to its WAL.
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'create unlogged table big as select g as id, repeat(md5(g::text), 30) as body from generate_series(1, 600000) g; create table notes (id int)')
  await expect(page.getByText(/^CREATE TABLE · /)).toBeVisible({ timeout: 90_000 })

  await page.goto(`/project/${ref}/settings/general`)
  await eventually(page, () => expect(page.getByTestId('read-only-banner')).toBeVisible())
  await expect(page.getByTestId('read-only-mode')).toContainText('the Free plan includes 500 MB per project')
  await photograph(page, 'project-read-only', { widths: [375, 1280] })

  await page.goto(`/project/${ref}/sql/new`)
  await expect(page.getByTestId('read-only-banner')).toBeVisible()
  await runSql(page, 'insert into notes values (1)')
  await expect(page.getByText(/This project is in read-only mode because its database is larger than its plan includes: INSERT is not allowed/).first()).toBeVisible()

  // It holds whatever the SQL asks for.
  await runSql(page, 'begin read write; insert into notes values (1); commit;')
  await expect(page.getByText(/This project is in read-only mode because its database is larger than its plan includes/).first()).toBeVisible()

  // The way out the sentence names: writes allowed for 15 minutes, then the table dropped.
  await page.goto(`/project/${ref}/settings/general`)
  await page.getByTestId('read-only-mode').getByRole('button', { name: 'Allow writes for 15 minutes' }).click()
  await expect(page.getByTestId('read-only-mode')).toContainText(/Writes are allowed until .* so that data can be deleted/)
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'drop table big')
  const dialog = page.getByRole('dialog', { name: 'This query may change or remove data' })
  await dialog.getByRole('button', { name: 'Run this query' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(/^DROP TABLE · /)).toBeVisible()
  // Absence means something once the project has loaded: the General page's name field shows it has.
  await page.goto(`/project/${ref}/settings/general`)
  await eventually(page, async () => {
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Shop backend')
    await expect(page.getByTestId('read-only-mode')).toHaveCount(0)
    await expect(page.getByTestId('read-only-banner')).toHaveCount(0)
  })
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'insert into notes values (1) returning id as written')
  await expect(page.getByRole('gridcell', { name: '1', exact: true })).toBeVisible()
})

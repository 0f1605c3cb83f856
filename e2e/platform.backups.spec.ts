import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * Project → Backups as a user meets it: rows made in the SQL editor, backed up, deleted, and
 * brought back by restoring the backup (confirmed in a dialog; the project shows its progress
 * while restoring, then the page again); the backup cloned into a new project that holds them.
 */
test('Project → Backups: back up, delete the rows, restore, see them back; clone the backup into a new project and query it', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'backups', 'Backups org', 'Backups db')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "create table notes (id int primary key, body text not null); insert into notes values (1, 'kept safe') returning body as made")
  await expect(page.getByRole('gridcell', { name: 'kept safe', exact: true })).toBeVisible()

  await page.goto(`/project/${ref}/database/backups`)
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible()
  await expect(page.getByText('No backups yet')).toBeVisible()
  await page.getByRole('button', { name: 'Back up now' }).click()
  const row = page.getByTestId('backup-row').first()
  await expect(row.getByText('Completed')).toBeVisible({ timeout: 60_000 })
  await expect(row.getByText('On demand')).toBeVisible()
  await photograph(page, 'backups', { widths: [375, 1280] })

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'delete from notes returning id as gone')
  // The editor asks before a delete.
  await page.getByRole('dialog', { name: 'This query may change or remove data' }).getByRole('button', { name: 'Run this query' }).click()
  await expect(page.getByRole('gridcell', { name: '1', exact: true })).toBeVisible()

  await page.setViewportSize({ width: 1280, height: 860 })
  await page.goto(`/project/${ref}/database/backups`)
  await page.getByTestId('backup-row').first().getByRole('button', { name: 'Restore' }).click()
  const dialog = page.getByRole('dialog', { name: 'Restore this backup?' })
  await expect(dialog).toContainText('Everything changed since is lost.')
  await photograph(page, 'backups-restore-confirm', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })
  await dialog.getByRole('button', { name: 'Restore' }).click()
  // The project's progress screen while restoring, then the page again once it is active.
  await expect(page.getByRole('heading', { name: 'Backups', level: 1 })).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('backup-row').first().getByText('Completed')).toBeVisible()

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'select body from notes order by id')
  await expect(page.getByRole('gridcell', { name: 'kept safe', exact: true })).toBeVisible()

  // Clone: a new project of the organization, set up from the backup, opened when made.
  await page.goto(`/project/${ref}/database/backups`)
  await page.getByTestId('backup-row').first().getByRole('button', { name: 'Clone' }).click()
  const clone = page.getByRole('dialog', { name: 'Clone into a new project' })
  await clone.getByLabel('Project name').fill('Backups clone')
  await clone.getByRole('button', { name: 'Clone' }).click()
  await expect(page).not.toHaveURL(new RegExp(`/project/${ref}`), { timeout: 30_000 })
  const cloneRef = new URL(page.url()).pathname.split('/')[2]
  await expect(page.getByText('Backups clone').first()).toBeVisible()
  await page.goto(`/project/${cloneRef}/sql/new`)
  await runSql(page, 'select body from notes order by id')
  await expect(page.getByRole('gridcell', { name: 'kept safe', exact: true })).toBeVisible({ timeout: 60_000 })
})

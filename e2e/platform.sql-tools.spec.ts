import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'

test.describe.configure({ mode: 'serial' })

test('cancel a long query, confirm a destructive one, read an EXPLAIN tree, hit the row limit and export CSV', async ({ page }) => {
  const ref = await newUserWithProject(page, 'sql-tools', 'SQL Tools', 'Tools db')
  await page.goto(`/project/${ref}/sql/new`)

  // Cancel: the running query stops, and the project answers at once afterwards.
  await runSql(page, 'select pg_sleep(60)')
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true })
  await expect(cancel).toBeVisible()
  await cancel.click()
  await expect(page.getByRole('status').filter({ hasText: 'Query cancelled' })).toBeVisible({ timeout: 20_000 })
  await runSql(page, "select 'still here' as answer")
  await expect(page.getByRole('gridcell', { name: 'still here', exact: true })).toBeVisible()

  // A destructive statement asks first; Cancel runs nothing: the table is still there.
  await runSql(page, 'create table doomed (id int)', { via: 'button' })
  await expect(page.getByText(/^CREATE TABLE · /)).toBeVisible()
  await runSql(page, 'drop table doomed', { via: 'button' })
  const dialog = page.getByRole('dialog', { name: 'This query may change or remove data' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('drop table doomed')
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await runSql(page, "select count(*) as tables from pg_tables where tablename = 'doomed'")
  await expect(page.getByRole('gridcell', { name: '1', exact: true }).first()).toBeVisible()

  // EXPLAIN ANALYZE as a tree.
  await runSql(page, 'explain analyze select sum(g) from generate_series(1, 10000) g')
  await expect(page.getByRole('tree', { name: 'Query plan' })).toBeVisible()
  await expect(page.getByRole('tree', { name: 'Query plan' })).toContainText('Function Scan on generate_series')

  // The row limit: 100 rows by default.
  await runSql(page, 'select g from generate_series(1, 1000) g')
  await expect(page.getByText('Showing the first 100 rows (row limit)')).toBeVisible()

  // Export as CSV.
  await runSql(page, "select 1 as a, 'x, y' as b")
  await expect(page.getByRole('gridcell', { name: 'x, y' })).toBeVisible()
  await page.getByRole('button', { name: 'Export' }).click()
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: /CSV/ }).click()])
  expect(download.suggestedFilename()).toMatch(/\.csv$/)
  expect(await readFile((await download.path())!, 'utf8')).toBe('a,b\r\n1,"x, y"\r\n')
})

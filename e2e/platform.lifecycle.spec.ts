import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'

test('pause → the paused screen → restore, with the data kept', async ({ page }) => {
  const ref = await newUserWithProject(page, 'lifecycle', 'Pause Works', 'Sleepy')
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "create table kept as select 'still here'::text as note")
  await expect(page.getByText('Success. No rows returned')).toBeVisible()

  await page.goto(`/project/${ref}`)
  await page.getByRole('button', { name: 'Pause project' }).click()
  const screen = page.getByTestId('project-status-screen')
  await expect(screen).toHaveAttribute('data-status', 'INACTIVE', { timeout: 60_000 })
  await expect(screen).toContainText('The project is paused')
  // A paused project's SQL editor shows the same screen: nothing is served.
  await page.goto(`/project/${ref}/sql/new`)
  await expect(page.getByTestId('project-status-screen')).toHaveAttribute('data-status', 'INACTIVE')

  await page.getByRole('button', { name: 'Restore project' }).click()
  await expect(page.getByTestId('project-status-screen')).toHaveCount(0, { timeout: 60_000 })
  await runSql(page, 'select note from kept')
  await expect(page.getByRole('gridcell', { name: 'still here' })).toBeVisible()
})

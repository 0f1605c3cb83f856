import { expect, test } from '@playwright/test'
import { newUserWithProject, runSql } from './helpers'
import { photograph } from './photograph'

/**
 * The project's database objects, read from its catalog: what SQL created shows up under
 * Database, each with its definition as SQL. Photographed at phone and desktop width, light and
 * dark.
 */
test('the Database pages list what SQL created, with each definition', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'database', 'Database Works', 'Catalogued')
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(
    page,
    "create type mood as enum ('sad', 'ok', 'happy');\n" +
      "create table notes (id bigint generated always as identity primary key, body text not null, feeling mood default 'ok');\n" +
      "create view happy_notes as select * from notes where feeling = 'happy'"
  )
  await expect(page.getByText('Success. No rows returned').first()).toBeVisible()

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Database', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/tables`))
  const notes = page.getByRole('button', { name: /notes/ }).first()
  await expect(notes).toBeVisible()
  await photograph(page, 'database-tables', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 900 })

  await notes.click()
  const detail = page.getByRole('dialog', { name: /notes/ })
  await expect(detail.getByLabel(/Definition of/)).toContainText('create table')
  await expect(detail.getByLabel(/Definition of/)).toContainText('feeling')
  await page.keyboard.press('Escape')

  await page.getByRole('link', { name: 'Views' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/views`))
  await expect(page.getByRole('button', { name: /happy_notes/ })).toBeVisible()
  await page.getByRole('link', { name: 'Enumerated types' }).click()
  await expect(page.getByRole('button', { name: /mood/ })).toBeVisible()
})

import { expect, test } from '@playwright/test'
import { newUserWithProject } from './helpers'
import { photograph } from './photograph'

test('transfer a project to another organization and find it there', async ({ page }) => {
  const ref = await newUserWithProject(page, 'transfer', 'Transfer From', 'Movable')

  // A second organization of the same member, with no project yet.
  await page.goto('/new')
  await page.getByLabel('Name').fill('Transfer To')
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  const targetSlug = page.url().split('/').pop()!

  await page.goto(`/project/${ref}`)
  await page.getByRole('button', { name: 'Transfer project' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('combobox', { name: 'Target organization' }).selectOption({ label: 'Transfer To' })
  const preview = dialog.getByRole('region', { name: 'What changes' })
  await expect(preview).toContainText('Free (unchanged)')
  await expect(preview).toContainText('Nobody new gains access.')
  await photograph(page, 'project-transfer-preview', { widths: [375, 1280] })

  await dialog.getByRole('button', { name: 'Transfer project' }).click()
  await expect(page).toHaveURL(new RegExp(`/org/${targetSlug}$`))
  await expect(page.getByText('Movable').first()).toBeVisible()
  await photograph(page, 'project-transfer-moved', { widths: [375, 1280] })

  // The project's page now names its new organization.
  await page.goto(`/project/${ref}`)
  await expect(page.getByText('Transfer To').first()).toBeVisible()
})

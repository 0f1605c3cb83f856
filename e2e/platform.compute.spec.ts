import { expect, test } from '@playwright/test'
import { runSql, signUp, uniqueEmail } from './helpers'
import { photograph } from './photograph'

/**
 * Project settings → Compute and Disk on the real platform: a Free project runs on Nano and may
 * not choose more (with a way to upgrade); on Pro it runs on Micro, is resized to Small through
 * the confirm dialog, goes through RESIZING and comes back on Small, and its database's sessions
 * start with Small's work_mem.
 */
test('Compute and Disk: Free stays on Nano; on Pro, resize to Small and see the new size and its settings', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 860 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  await signUp(page, uniqueEmail('compute'))
  await expect(page).toHaveURL(/\/projects$/)

  await page.goto('/new')
  await page.getByLabel('Name').fill('Compute org')
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  const slug = page.url().split('/').pop()!
  await page.getByLabel('Project name').fill('Compute db')
  await page.getByRole('button', { name: 'Create new project' }).click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const ref = page.url().split('/').pop()!
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })

  // Free: Nano, the larger sizes disabled, the way to upgrade named.
  await page.getByRole('link', { name: 'Compute and Disk' }).first().click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/settings/compute-and-disk$`))
  await expect(page.getByTestId('current-compute')).toContainText('Nano compute')
  await expect(page.getByRole('radio', { name: /Small/ })).toBeDisabled()
  await expect(page.getByText(/The Free plan runs every project on Nano compute/)).toBeVisible()
  await photograph(page, 'compute-free', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })

  // Pro, as on the billing page.
  await page.goto(`/org/${slug}/billing`)
  await page.getByRole('button', { name: 'Change plan' }).click()
  await page.getByRole('dialog', { name: 'Change plan' }).getByRole('button', { name: 'Upgrade to Pro' }).click()
  const changing = page.getByRole('dialog', { name: 'Change to Pro' })
  await changing.getByRole('button', { name: 'Confirm change' }).click()
  await expect(changing).toBeHidden()

  await page.goto(`/project/${ref}/settings/compute-and-disk`)
  await expect(page.getByTestId('current-compute')).toContainText('Micro compute')
  await page.getByRole('radio', { name: /Small/ }).check()
  await page.getByRole('button', { name: 'Change to Small' }).click()
  const dialog = page.getByRole('dialog', { name: 'Resize to Small?' })
  await expect(dialog).toContainText('brief restart of connections')
  await expect(dialog).toContainText('$15 / month ($5 / month after credits)')
  await photograph(page, 'compute-confirm', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 860 })
  await dialog.getByRole('button', { name: 'Resize and restart connections' }).click()

  // RESIZING (the status screen, for as long as it takes), then the page on the new size.
  const current = page.getByTestId('current-compute')
  await expect(current).toContainText('Small compute', { timeout: 60_000 })
  await expect(current.getByLabel('Current compute size')).toContainText('90')
  await expect(page.getByRole('radio', { name: /Small/ })).toBeChecked()
  await photograph(page, 'compute-pro', { widths: [375, 768, 1280] })

  // The database's own sessions start with Small's settings.
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'show work_mem')
  await expect(page.getByRole('gridcell', { name: '5MB', exact: true })).toBeVisible()
})

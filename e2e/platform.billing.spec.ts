import { expect, test, type Page } from '@playwright/test'
import { runSql, signUp, uniqueEmail } from './helpers'
import { photograph, saveScreenshot } from './photograph'

/**
 * Organization billing against the built-in platform: usage measured from a project whose
 * database just grew, the plan comparison, a plan change previewed before it is confirmed, a
 * project created on the new plan, the usage, statements and audit log pages. The billing page is
 * checked at phone and desktop width in light and dark (and photographed with E2E_SCREENSHOTS=1).
 */
async function createProject(page: Page, slug: string, name: string): Promise<string> {
  await page.goto(`/new/${slug}`)
  await page.getByLabel('Project name').fill(name)
  await page.getByRole('button', { name: 'Create new project' }).click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const ref = page.url().split('/').pop()!
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })
  return ref
}

test('billing: real usage, the comparison table, a plan change previewed then confirmed, statements and the audit log', async ({ page }) => {
  test.setTimeout(240_000)
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  await signUp(page, uniqueEmail('billing'))
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/new')
  await page.getByLabel('Name').fill(`Billing Works ${Date.now()}`)
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  const slug = page.url().split('/').pop()!
  const ref = await createProject(page, slug, 'Ledger')

  // About 6 MB of rows that do not compress.
  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, 'create table filler as select g, repeat(md5(g::text), 30) as t from generate_series(1, 6000) g')
  await expect(page.getByText('Success. No rows returned').first()).toBeVisible()

  await page.goto(`/org/${slug}/billing`)
  const plan = page.getByRole('region', { name: 'Subscription plan' })
  await expect(plan.getByText('Free plan', { exact: true })).toBeVisible()
  // The project's database as measured from the database itself, grown by the rows above.
  const perProject = page.getByRole('region', { name: 'Database size per project' })
  await expect(perProject.getByText('Ledger')).toBeVisible()
  await expect(async () => {
    await page.reload()
    const text = (await page.getByRole('region', { name: 'Database size per project' }).textContent()) ?? ''
    const mb = Number(/([\d.]+) MB/.exec(text)?.[1] ?? 0)
    expect(mb).toBeGreaterThan(10)
  }).toPass({ timeout: 60_000 })
  await expect(page.getByRole('progressbar', { name: 'Database size usage' })).toBeVisible()

  // The comparison table, grouped.
  const comparison = page.getByRole('table', { name: 'What each plan includes' })
  await expect(comparison).toBeVisible()
  for (const group of ['Database', 'Auth', 'Storage', 'Realtime', 'Security', 'Support']) await expect(comparison.getByText(group, { exact: true }).first()).toBeVisible()

  await photograph(page, 'billing', { widths: [375, 1280] })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Change plan: the preview comes before anything changes.
  await plan.getByRole('button', { name: 'Change plan' }).click()
  const modal = page.getByRole('dialog', { name: 'Change plan' })
  await expect(modal).toBeVisible()
  await modal.getByRole('button', { name: 'Upgrade to Pro' }).click()
  const changing = page.getByRole('dialog', { name: 'Change to Pro' })
  const preview = changing.getByRole('region', { name: 'Preview of the change' })
  await expect(preview.getByRole('heading', { name: 'New monthly cost' })).toBeVisible()
  await expect(preview.getByText('$25.00').first()).toBeVisible()
  await saveScreenshot(page, 'billing-plan-preview-1280-dark.png')
  await changing.getByRole('button', { name: 'Confirm change' }).click()
  await expect(changing).toBeHidden()
  await expect(plan.getByText('Pro plan', { exact: true })).toBeVisible()

  // On Pro, a third project is allowed: created on the organization's plan.
  await createProject(page, slug, 'Second')
  await createProject(page, slug, 'Third')
  await page.goto(`/org/${slug}/billing`)
  await plan.getByRole('button', { name: 'Change plan' }).click()
  await modal.getByRole('button', { name: 'Downgrade to Free' }).click()
  const downgrading = page.getByRole('dialog', { name: 'Change to Free' })
  await expect(downgrading.getByText(/The Free plan allows 2 active projects/)).toBeVisible()
  await expect(downgrading.getByRole('button', { name: 'Confirm change' })).toBeDisabled()
  await page.keyboard.press('Escape')

  // Usage, statements and the audit log.
  await page.goto(`/org/${slug}/usage`)
  await expect(page.getByRole('heading', { name: 'Egress' }).first()).toBeVisible()
  await page.goto(`/org/${slug}/invoices`)
  await expect(page.getByText('Upcoming').first()).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: /Download CSV/ }).first().click()
  expect((await download).suggestedFilename()).toMatch(/\.csv$/)
  await page.goto(`/org/${slug}/audit`)
  await expect(page.getByText(/from Free to Pro/)).toBeVisible()
})

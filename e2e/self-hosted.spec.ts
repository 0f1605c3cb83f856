import { expect, test } from '@playwright/test'
import { runSql } from './helpers'
import { PORTS } from '../playwright.config'

test("self-hosted lands on the default project with no sign-in and runs SQL on the platform's own PostgreSQL server", async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
  await page.goto('/sign-in')
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })
  // The Connect card points at that server as the project's own role, and shares no session.
  await expect(page.getByRole('tabpanel')).toContainText('postgresql://p_default:[YOUR-PASSWORD]@127.0.0.1:')
  await expect(page.getByText('A PostgreSQL server this platform runs on this machine: reachable from this machine only, connections not encrypted.')).toBeVisible()
  await expect(page.getByText(/share one .*session/i)).toHaveCount(0)
  await page.goto('/project/default/sql/new')
  await runSql(page, "select current_setting('server_version_num')::int / 10000 as major, current_user as role")
  await expect(page.getByRole('grid').getByRole('gridcell', { name: '17', exact: true })).toBeVisible()
  await expect(page.getByRole('grid').getByRole('gridcell', { name: 'p_default', exact: true })).toBeVisible()
})

test('self-hosted with DATABASE_URL runs SQL on that PostgreSQL server', async ({ page }) => {
  test.skip(!process.env.E2E_DATABASE_URL && process.env.CI !== 'true', 'no PostgreSQL server binaries here')
  await page.goto(`http://127.0.0.1:${PORTS.selfHostedPg}/`)
  await expect(page).toHaveURL(/\/project\/default$/)
  await page.goto(`http://127.0.0.1:${PORTS.selfHostedPg}/project/default/sql/new`)
  await runSql(page, "select current_setting('server_version_num')::int / 10000 as major, current_setting('port') as port")
  const port = new URL(process.env.E2E_DATABASE_URL!).port
  await expect(page.getByRole('grid').getByRole('gridcell', { name: port, exact: true })).toBeVisible()
})

test('self-hosted offers nothing to create: no New organization, no New project', async ({ page }) => {
  await page.goto('/projects')
  await expect(page.getByRole('link', { name: 'Default Project' }).or(page.getByTestId('project-card'))).toBeVisible()
  await expect(page.getByRole('link', { name: 'New organization' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'New project' })).toHaveCount(0)
  await page.goto('/new')
  await expect(page.getByText('Not available when self-hosted')).toBeVisible()
})

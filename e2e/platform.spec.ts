import { expect, test } from '@playwright/test'
import { createOrgAndProject, PASSWORD, runSql, signIn, signOut, signUp, uniqueEmail } from './helpers'

test.describe.configure({ mode: 'serial' })

test('a new user signs up, creates an organization and a project, and runs SQL', async ({ page }) => {
  // The Content-Security-Policy must let the dashboard and Monaco work: any refusal fails the test.
  const refused: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text())
  })
  await page.goto('/projects')
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Fprojects$/)
  await expect(page).toHaveTitle(/Supaboard/)

  const email = uniqueEmail('new-user')
  const profileCreated = page.waitForResponse((r) => r.url().endsWith('/api/platform/profile') && r.request().method() === 'POST')
  await page.getByRole('link', { name: 'Sign up now' }).click()
  await signUp(page, email)
  expect((await profileCreated).status()).toBe(201)
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByText('Create your first organization')).toBeVisible()
  await expect(page.getByTestId('profile-email')).toHaveText(email)

  const ref = await createOrgAndProject(page, 'Acme Robotics', 'Robot Brain')
  await expect(page.getByText('ACTIVE', { exact: false }).or(page.getByText('Active'))).toBeVisible()

  // The project list groups projects under their organization.
  await page.goto('/projects')
  const section = page.getByTestId('org-section').filter({ hasText: 'Acme Robotics' })
  await expect(section.getByTestId('project-card')).toHaveCount(1)
  await expect(section.getByTestId('project-card')).toContainText('Robot Brain')

  await page.goto(`/project/${ref}/sql/new`)
  await runSql(page, "select 1 as one, 'two' as two", { via: 'button' })
  const grid = page.getByRole('grid')
  await expect(grid.getByRole('columnheader', { name: 'one' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'two' })).toBeVisible()

  // An error shows Postgres' message and where it is; the page keeps working.
  await runSql(page, 'select 1;\nselect * from missing_table')
  await expect(page.getByTestId('sql-error')).toContainText('relation "missing_table" does not exist')
  await expect(page.getByTestId('sql-error')).toContainText('line 2')
  await runSql(page, 'create table todo (id int, task text);\ninsert into todo values (1, $$write tests$$);\nselect * from todo')
  await expect(page.getByRole('tablist', { name: 'Statement results' }).getByRole('tab')).toHaveCount(3)
  await expect(page.getByRole('grid').getByRole('gridcell', { name: 'write tests' })).toBeVisible()
  await page.getByRole('tablist', { name: 'Statement results' }).getByRole('tab').first().click()
  await expect(page.getByText('Success. No rows returned')).toBeVisible()
  expect(refused).toEqual([])
})

test('1,000,000 rows stream in, scroll to the end, and only a window of them is in the DOM', async ({ page }) => {
  const email = uniqueEmail('big')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  const ref = await createOrgAndProject(page, 'Big Data', 'Lots of rows')
  await page.goto(`/project/${ref}/sql/new`)
  // The editor adds `limit 100` to a single query by default: all rows are wanted here.
  await page.getByLabel('Row limit').selectOption({ label: 'No limit' })
  await runSql(page, 'select g, md5(g::text), g * 2 from generate_series(1, 1000000) g')
  // Every row is in once the status stops saying "so far".
  await expect(page.getByText(/^1,000,000 rows · /)).toBeVisible({ timeout: 120_000 })
  const grid = page.getByRole('grid')
  await expect(grid).toHaveAttribute('aria-rowcount', '1000001')
  const inDom = await page.locator('[data-row-index]').count()
  expect(inDom).toBeGreaterThan(5)
  expect(inDom).toBeLessThan(200)
  // Scroll to the end: the last row is rendered, the first is gone.
  await grid.evaluate((el) => {
    const scroller = (el.matches('[data-scroll-container]') ? el : el.querySelector('[data-scroll-container]')) ?? el
    scroller.scrollTop = scroller.scrollHeight
  })
  await expect(page.locator('[data-row-index="999999"]')).toBeVisible()
  await expect(page.locator('[data-row-index="999999"] [role="rowheader"]')).toHaveText('1000000')
  await expect(page.locator('[data-row-index="0"]')).toHaveCount(0)
  // The page is still responsive.
  await runSql(page, 'select 42 as answer')
  await expect(page.getByRole('grid').getByRole('gridcell', { name: '42' })).toBeVisible()
})

test('existence guard: unknown project and organization', async ({ page }) => {
  await signUp(page, uniqueEmail('guard'))
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/project/doesnotexist')
  await expect(page.getByText('This project does not exist')).toBeVisible()
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/org/doesnotexist')
  await expect(page.getByText('This organization does not exist')).toBeVisible()
  await expect(page).toHaveURL(/\/projects$/)
})

test('return-to after sign-in keeps safe paths and refuses others', async ({ page }) => {
  const email = uniqueEmail('returnto')
  await signUp(page, email)
  await expect(page).toHaveURL(/\/projects$/)
  await signOut(page)

  const cases: Array<[string, RegExp]> = [
    ['/projects?x=1', /\/projects\?x=1$/],
    ['//evil.example', /127\.0\.0\.1:\d+\/projects$/],
    ['https://evil.example', /127\.0\.0\.1:\d+\/projects$/],
    ['javascript:alert(1)', /127\.0\.0\.1:\d+\/projects$/],
    ['/\\evil.example', /127\.0\.0\.1:\d+\/projects$/],
    ['%2F%2Fevil.example', /127\.0\.0\.1:\d+\/projects$/],
  ]
  for (const [returnTo, expected] of cases) {
    await signIn(page, email, PASSWORD, `/sign-in?returnTo=${encodeURIComponent(returnTo)}`)
    await expect(page).toHaveURL(expected)
    await signOut(page)
  }
})

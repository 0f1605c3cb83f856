import { expect, test } from '@playwright/test'
import { newUserWithProject } from './helpers'
import { photograph } from './photograph'

/**
 * Edge Functions on the real platform, as a new user meets them: the empty list; a new function
 * from the hello-world template, edited in Monaco and deployed; its page invokes it from the test
 * panel and shows its answer and the line it printed; a secret on the Secrets page; an access token
 * made once under Account → Access tokens.
 */
test('Edge Functions: deploy a template from the browser, invoke it from the test panel, see its log line', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  const ref = await newUserWithProject(page, 'functions', 'Functions org', 'Fn db')

  await page.goto(`/project/${ref}/functions`)
  await expect(page.getByText('No functions yet')).toBeVisible()
  await photograph(page, 'functions-empty', { widths: [375, 1280] })
  await page.getByRole('link', { name: 'Deploy a new function' }).first().click()
  await expect(page.getByRole('heading', { name: 'Deploy a new function' })).toBeVisible()
  await page.getByLabel('Webhook receiver').check()
  await expect(page.getByLabel('Function name')).toHaveValue('webhook')
  await page.getByLabel('Hello world').check()
  await expect(page.getByLabel('Function name')).toHaveValue('hello-world')
  // The code is Monaco's: type a change into it.
  const editor = page.getByRole('group', { name: "The function's code (index.ts)" }).locator('.monaco-editor').first()
  await expect(editor).toBeVisible()
  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type('\n// edited in the browser')
  await photograph(page, 'functions-new', { widths: [375, 1280] })
  await page.getByRole('button', { name: 'Deploy function' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/functions/hello-world$`), { timeout: 60_000 })
  await expect(page.getByRole('heading', { name: 'hello-world' })).toBeVisible()
  await expect(page.getByText(/version 1 · deployed/)).toBeVisible()

  // The test panel sends a request and shows the answer; the printed line appears below.
  await page.getByLabel('Body').fill('{ "name": "Playwright" }')
  await page.getByRole('button', { name: 'Send request' }).click()
  const answer = page.getByRole('region', { name: "The function's answer" })
  await expect(answer.getByText('200')).toBeVisible()
  await expect(answer.getByLabel('Answer body')).toContainText('Hello Playwright!')
  await expect(page.getByRole('region', { name: 'What it printed' }).getByText('Saying hello to Playwright')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('region', { name: 'Invocations' }).getByText(/POST \/functions\/v1\/hello-world → 200/)).toBeVisible()
  await photograph(page, 'functions-page', { widths: [375, 1280] })

  // The list shows it with its invocation.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Functions' }).click()
  await expect(page.getByRole('link', { name: 'hello-world' })).toBeVisible()

  // A secret: its value is never shown again, only a digest.
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Secrets' }).click()
  await page.getByLabel('Name').fill('STRIPE_KEY')
  await page.getByLabel('Value').fill('sk_test_browser')
  await page.getByRole('button', { name: 'Add secret' }).click()
  await expect(page.getByRole('cell', { name: 'STRIPE_KEY', exact: true })).toBeVisible()
  await expect(page.getByText('sk_test_browser')).toHaveCount(0)
  await photograph(page, 'functions-secrets', { widths: [375, 1280] })

  // An access token, shown once.
  await page.goto('/account/tokens')
  await page.getByLabel('Name').fill('CI deploys')
  await page.getByRole('button', { name: 'Generate token' }).click()
  await expect(page.getByLabel('The new token', { exact: true })).toHaveText(/^sbp_[0-9a-f]{40}$/)
  await expect(page.getByRole('list', { name: 'Your access tokens' }).getByText('CI deploys')).toBeVisible()
  await photograph(page, 'account-tokens', { widths: [375, 1280] })
})

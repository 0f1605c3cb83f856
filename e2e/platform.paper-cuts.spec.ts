import { expect, test, type Locator, type Page } from '@playwright/test'
import { newUserWithProject } from './helpers'
import { photograph } from './photograph'

/**
 * Rough edges a new user met, checked in the real browser: on a phone the Connect card's buttons
 * sit clear of its title (photographed at 375 px, light and dark); the SQL panel edits in Monaco
 * and shows the rows a SELECT returned, and its right-click menu is drawn on a background.
 */

async function startProject(page: Page, tag: string, projectName: string) {
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  return newUserWithProject(page, tag, `${projectName} org`, projectName)
}

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox()
  expect(box).not.toBeNull()
  return box!
}

test("on a phone the Connect card's buttons do not cover its title", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 })
  const ref = await startProject(page, 'phone-connect', 'Phone db')
  await page.setViewportSize({ width: 375, height: 780 })
  await page.goto(`/project/${ref}`)
  const card = page.locator('div').filter({ has: page.getByRole('heading', { name: 'Connect', exact: true }) }).filter({ has: page.getByRole('button', { name: 'Reveal password' }) }).last()
  await expect(card.getByRole('button', { name: 'Reveal password' })).toBeVisible()
  const title = await boxOf(card.getByRole('heading', { name: 'Connect', exact: true }))
  const description = await boxOf(card.getByText("Connect an application or a Postgres client to this project's database."))
  for (const name of ['Reveal password', 'Reset password']) {
    const button = await boxOf(card.getByRole('button', { name }))
    expect(overlaps(button, title), `${name} covers the title`).toBe(false)
    expect(overlaps(button, description), `${name} covers the description`).toBe(false)
    expect(button.x + button.width).toBeLessThanOrEqual(375)
  }
  await card.scrollIntoViewIfNeeded()
  await photograph(page, 'project-home-connect-phone', { widths: [375] })
})

test('the SQL panel edits in Monaco and shows the rows a SELECT returned', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 860 })
  // The SQL panel is a feature preview: turned on as the previews window would.
  await page.addInitScript(() => window.localStorage.setItem('supaboard-ui-preview-inline-editor', 'true'))
  await page.goto(`/project/${await startProject(page, 'sql-panel', 'Panel db')}`)
  await page.getByRole('button', { name: 'SQL panel' }).click()
  const panel = page.getByRole('complementary', { name: 'SQL' })
  const editor = panel.locator('.monaco-editor')
  await expect(editor).toBeVisible({ timeout: 30_000 })
  await editor.click()
  await page.keyboard.insertText("select 42 as answer, 'forty-two' as words")
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(panel.getByText('Success. 1 row')).toBeVisible()
  const grid = panel.getByRole('region', { name: 'Results' }).getByRole('grid')
  await expect(grid.getByRole('columnheader', { name: /answer/ })).toBeVisible()
  await expect(grid.getByText('forty-two')).toBeVisible()
  await expect(grid.getByText('42', { exact: true })).toBeVisible()

  // The right-click menu is drawn outside the editor's element (in a shadow root under <body>): it
  // has a background of its own, not the editor's text showing through it.
  await editor.click({ button: 'right' })
  const menu = page.locator('.monaco-menu-container .monaco-scrollable-element').first()
  await expect(menu.getByText('Copy', { exact: true })).toBeVisible()
  const surface = await page.evaluate(() => {
    const probe = document.body.appendChild(document.createElement('div'))
    probe.style.backgroundColor = 'var(--surface)'
    const color = getComputedStyle(probe).backgroundColor
    probe.remove()
    return color
  })
  await expect(menu).toHaveCSS('background-color', surface)
  await page.keyboard.press('Escape')
})

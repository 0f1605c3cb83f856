import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'

const THEMES = ['light', 'dark'] as const
export const SCREENSHOTS = path.join('test-results', 'screenshots')

/**
 * PNGs are written only when asked, with E2E_SCREENSHOTS=1 (e.g. `E2E_SCREENSHOTS=1 npm run
 * test:e2e`): each capture costs the browser about 0.2 s of a core (the screens spec takes 26 s
 * with its 42 and 18 s without), some 240 in the suite, while nobody looked at them in a test run.
 * The layout checks run at every width and theme either way.
 */
export const SCREENSHOTS_WANTED = process.env.E2E_SCREENSHOTS === '1'

/** Writes what the page shows to test-results/screenshots/`file` when screenshots are wanted. */
export async function saveScreenshot(page: Page, file: string) {
  if (!SCREENSHOTS_WANTED) return
  fs.mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENSHOTS, file) })
}

/**
 * Shows the page at each width, in light and dark, and fails when it is wider than the screen: the
 * fault a person notices at once on a phone. With E2E_SCREENSHOTS=1 each is photographed into
 * test-results/screenshots, to look at.
 */
export async function photograph(page: Page, name: string, { widths = [375, 768, 1280] }: { widths?: readonly number[] } = {}) {
  for (const theme of THEMES) {
    // next-themes follows the theme key's storage events (as from another tab): no reload, so
    // the page keeps what it shows (a query's results).
    await page.evaluate((t) => {
      window.localStorage.setItem('theme', t)
      window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: t }))
    }, theme)
    for (const width of widths) {
      await page.setViewportSize({ width, height: width < 700 ? 780 : 860 })
      // Two frames: the layout has answered the resize before it is measured.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
      expect(overflow, `${name} at ${width}px (${theme}) is wider than the screen`).toBeLessThanOrEqual(0)
      await saveScreenshot(page, `${name}-${width}-${theme}.png`)
    }
  }
}

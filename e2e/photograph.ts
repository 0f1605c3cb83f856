import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'

const THEMES = ['light', 'dark'] as const
export const SCREENSHOTS = path.join('test-results', 'screenshots')

/**
 * Photographs what the page shows at each width, in light and dark, into test-results/screenshots
 * (kept as test artifacts to look at), and fails when the page is wider than the screen: the fault
 * a person notices at once on a phone.
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
      fs.mkdirSync(SCREENSHOTS, { recursive: true })
      await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${width}-${theme}.png`) })
    }
  }
}

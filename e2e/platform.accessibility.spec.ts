import { expect, test, type Locator, type Page } from '@playwright/test'
import { runSql, signUp, uniqueEmail } from './helpers'
import { saveScreenshot, SCREENSHOTS_WANTED } from './photograph'

/**
 * An automated WCAG 2 A/AA audit (axe-core) of the main screens in light, dark and classic dark: any finding of
 * impact "serious" or "critical" fails, and the failure names the rule, the element and (for
 * contrast) its colours, so it says what to fix. Contrast is fixed at the colour tokens
 * (styles/globals.css), not element by element.
 */
// axe-core comes with the test tooling's dependencies; Playwright runs specs as CommonJS.
const AXE_PATH = require.resolve('axe-core/axe.min.js')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const THEMES = ['light', 'dark', 'classic-dark'] as const

type Finding = { screen: string; theme: string; rule: string; impact: string; target: string; detail: string }

async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  // next-themes follows the theme key's storage events: no reload, the page keeps what it shows.
  await page.evaluate((t) => {
    window.localStorage.setItem('theme', t)
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: t }))
  }, theme)
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`))
  // Two frames: the new colours are painted before they are measured.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
}

/** Runs axe on what the page shows now; answers its serious and critical findings. */
async function audit(page: Page, screen: string, theme: string): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH })
  const violations = await page.evaluate(async (tags) => {
    type AxeNode = { target: unknown[]; html: string; any: { data?: Record<string, unknown> | null }[]; failureSummary?: string }
    type AxeResult = { id: string; impact: string | null; help: string; nodes: AxeNode[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeResult[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 160), data: n.any[0]?.data ?? null, summary: n.failureSummary ?? '' })),
    }))
  }, TAGS)
  const findings: Finding[] = []
  for (const v of violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    for (const n of v.nodes) {
      const d = n.data as { fgColor?: string; bgColor?: string; contrastRatio?: number; expectedContrastRatio?: string } | null
      const colours = d?.fgColor ? ` fg ${d.fgColor} on bg ${d.bgColor}: ${d.contrastRatio}:1, needs ${d.expectedContrastRatio}` : ''
      findings.push({ screen, theme, rule: v.id, impact: v.impact, target: n.target, detail: `${v.help}.${colours} ${n.html}` })
    }
  }
  return findings
}

/** Waits until the screen has loaded what it shows (its marker visible, nothing busy). */
async function settle(page: Page, ready: Locator) {
  await expect(ready).toBeVisible({ timeout: 60_000 })
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 })
  await page.waitForLoadState('networkidle').catch(() => undefined)
}

test('the main screens have no serious or critical WCAG 2 A/AA findings in light, dark and classic dark', async ({ page }) => {
  test.setTimeout(300_000)
  // The consent question is answered, so that it does not cover the screens audited.
  await page.addInitScript(() => window.localStorage.setItem('supaboard-telemetry-consent', 'false'))
  await page.setViewportSize({ width: 1280, height: 900 })
  const findings: Finding[] = []
  // With E2E_SCREENSHOTS=1 each screen audited is photographed as audited (and at phone width
  // where `phone`), to look at.
  const check = async (screen: string, ready: Locator, { phone = false } = {}) => {
    await settle(page, ready)
    for (const theme of THEMES) {
      await setTheme(page, theme)
      findings.push(...(await audit(page, screen, theme)))
      const name = `a11y-${screen.replace(/ /g, '-')}`
      await saveScreenshot(page, `${name}-1280-${theme}.png`)
      if (!phone || !SCREENSHOTS_WANTED) continue
      await page.setViewportSize({ width: 375, height: 780 })
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))))
      await saveScreenshot(page, `${name}-375-${theme}.png`)
      await page.setViewportSize({ width: 1280, height: 900 })
    }
  }

  await page.goto('/sign-in')
  await check('sign-in', page.getByRole('button', { name: 'Sign in', exact: true }), { phone: true })

  await signUp(page, uniqueEmail('a11y'))
  await expect(page).toHaveURL(/\/projects$/)
  await page.goto('/new')
  await page.getByLabel('Name').fill(`Audit ${Date.now()}`)
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(/\/new\/[a-z0-9-]+$/)
  const slug = page.url().split('/').pop()!
  await page.getByLabel('Project name').fill('Audited')
  await page.getByRole('button', { name: 'Create new project' }).click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const ref = page.url().split('/').pop()!
  await check('project home', page.getByRole('link', { name: 'Open SQL Editor' }))

  await page.goto('/projects')
  await check('projects', page.getByText('Audited').first())

  await page.goto(`/project/${ref}/sql/new`)
  // The new snippet's page as it first shows, before anything ran.
  await check('sql editor, new snippet', page.locator('.monaco-editor').first())
  await runSql(page, "create table items (id int primary key, name text, added timestamptz default now()); insert into items (id, name) select g, 'item ' || g from generate_series(1, 20) g; select * from items")
  await check('sql editor', page.getByRole('grid'))

  await page.goto(`/project/${ref}/editor/public/items`)
  await check('table editor', page.getByText('item 1', { exact: true }).first())

  await page.goto(`/project/${ref}/database/extensions`)
  await check('extensions', page.getByText('pgcrypto').first(), { phone: true })

  await page.goto(`/project/${ref}/database/publications`)
  await check('publications', page.getByText('supabase_realtime').first(), { phone: true })

  await page.goto(`/project/${ref}/logs`)
  await check('logs', page.getByRole('heading', { name: 'Logs', exact: true }), { phone: true })

  await page.goto(`/org/${slug}/billing`)
  await check('billing', page.getByRole('region', { name: 'Subscription plan' }), { phone: true })

  await page.goto(`/org/${slug}/usage`)
  await check('usage', page.locator('main'))

  await page.goto(`/project/${ref}/settings/general`)
  await check('project settings', page.locator('main'))

  await page.goto(`/project/${ref}/storage/buckets`)
  await check('storage', page.getByText('No buckets yet'))

  await page.goto(`/project/${ref}/realtime/inspector`)
  await check('realtime inspector', page.getByText('Not listening'), { phone: true })

  await page.goto(`/project/${ref}/realtime/settings`)
  await check('realtime settings', page.getByText('Limits in force'))

  await page.goto(`/project/${ref}/functions`)
  await check('edge functions', page.getByText('No functions yet'), { phone: true })

  await page.goto(`/project/${ref}/functions/new`)
  await check('new edge function', page.getByRole('button', { name: 'Deploy function' }))

  await page.goto(`/project/${ref}/functions/secrets`)
  await check('edge function secrets', page.getByText('No secrets yet'))

  await page.goto('/account/tokens')
  await check('access tokens', page.getByText('No tokens yet'))

  const report = findings.map((f) => `[${f.screen}, ${f.theme}] ${f.rule} (${f.impact}) at ${f.target}: ${f.detail}`)
  expect(report, `serious or critical accessibility findings:\n${report.join('\n')}`).toEqual([])
})

/**
 * WCAG 2 AA contrast of the colour tokens (styles/globals.css) in every theme: text 4.5:1 on each
 * surface it is shown on, badge text on its own colour at 15 % over a surface, and the text of
 * filled buttons on their fill. Contrast is fixed here, at the tokens, not element by element;
 * e2e/platform.accessibility.spec.ts audits the rendered screens with axe-core.
 */
import fs from 'node:fs'
import path from 'node:path'

const css = fs.readFileSync(path.join(__dirname, '../../styles/globals.css'), 'utf8')

function themeTokens(selector: string): Record<string, string> {
  const start = css.indexOf(selector)
  const block = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map(([, name, value]) => [name, value.toLowerCase()]))
}

const channels = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
const luminance = (hex: string) => {
  const [r, g, b] = channels(hex).map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return (hi + 0.05) / (lo + 0.05)
}
/** `colour` at `share` over `base`, as `bg-warning/15` paints it. */
const over = (colour: string, share: number, base: string) =>
  `#${channels(colour)
    .map((c, i) => Math.round(c * share + channels(base)[i] * (1 - share)).toString(16).padStart(2, '0'))
    .join('')}`

const THEMES = { light: ':root,\n.light {', dark: '.dark {', 'classic-dark': '.classic-dark {' }
const SURFACES = ['background', 'surface', 'surface-raised']
const TEXT = ['foreground', 'foreground-light', 'foreground-lighter', 'destructive', 'warning']

describe.each(Object.entries(THEMES))('%s theme', (theme, selector) => {
  const t = themeTokens(selector)
  const cases = SURFACES.flatMap((surface) => [
    ...TEXT.map((text) => [`${text} on ${surface}`, t[text], t[surface]] as const),
    // Badges: text in a colour on that colour at 15 %.
    ...['destructive', 'warning'].map((c) => [`${c} badge on ${surface}`, t[c], over(t[c], 0.15, t[surface])] as const),
  ])
  // Light backgrounds take the stronger brand for text (links, keywords, badges).
  if (theme === 'light') cases.push(...SURFACES.flatMap((s) => [[`brand-strong on ${s}`, t['brand-strong'], t[s]] as const, [`brand badge on ${s}`, t['brand-strong'], over(t.brand, 0.15, t[s])] as const]))
  cases.push(['destructive-foreground on destructive (danger button)', t['destructive-foreground'], t.destructive])
  cases.push(['brand-foreground on brand (primary button)', t['brand-foreground'], t.brand])

  it.each(cases)('%s reaches 4.5:1', (_, fg, bg) => {
    expect(fg, 'token defined').toMatch(/^#/)
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5)
  })
})

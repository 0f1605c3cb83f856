/**
 * The Tailwind theme (tailwind.config.ts, read through `@config` in styles/globals.css) against
 * SPEC §9 and the sizes the components use: the same breakpoints and control heights as
 * components/ui/sizes.ts, and every colour token resolving to its CSS variable, defined by each theme.
 */
import fs from 'node:fs'
import path from 'node:path'
import { compile } from '@tailwindcss/node'
import { BREAKPOINTS, CONTROL_HEIGHTS } from '@/components/ui/sizes'
import config, { COLOR_TOKENS, CONTROL_HEIGHTS_PX, SCREENS_PX } from '@/tailwind.config'

const STYLESHEET = path.join(__dirname, '../../styles/globals.css')
const css = fs.readFileSync(STYLESHEET, 'utf8')

async function build(candidates: string[]): Promise<string> {
  const compiler = await compile(css, { base: path.dirname(STYLESHEET), from: STYLESHEET, onDependency: () => undefined })
  return compiler.build(candidates).replace(/\s+/g, ' ')
}

it('has the breakpoints of components/ui/sizes.ts (SPEC §9)', () => {
  const { mobile, ...screens } = BREAKPOINTS
  expect(SCREENS_PX).toEqual(screens)
  expect(mobile).toBe(SCREENS_PX.sm)
  expect(config.theme?.screens).toEqual({ sm: '639px', md: '767px', lg: '1023px', xl: '1027px', '2xl': '1535px' })
})

it('has the control heights of components/ui/sizes.ts (SPEC §9)', () => {
  expect(CONTROL_HEIGHTS_PX).toEqual(CONTROL_HEIGHTS)
})

it('defines every colour token in the light, dark and classic-dark themes', () => {
  for (const selector of [':root,\n.light {', '.dark {', '.classic-dark {']) {
    const start = css.indexOf(selector)
    expect(start, selector).toBeGreaterThanOrEqual(0)
    const block = css.slice(start, css.indexOf('}', start))
    for (const token of COLOR_TOKENS) expect(block, `${selector} --${token}`).toMatch(new RegExp(`--${token}:\\s*#`))
  }
})

it('compiles each colour to its variable, with opacity and the dark variant', async () => {
  const out = await build([...COLOR_TOKENS.map((t) => `bg-${t}`), 'border-destructive/40', 'dark:text-foreground-light'])
  for (const token of COLOR_TOKENS) expect(out).toContain(`.bg-${token} { background-color: var(--${token}); }`)
  expect(out).toMatch(/\.border-destructive\\\/40 \{ border-color: var\(--destructive\);.*color-mix\(in oklab, var\(--destructive\) 40%, transparent\)/)
  expect(out).toContain('.dark\\:text-foreground-light:where(.dark, .dark *, .classic-dark, .classic-dark *) { color: var(--foreground-light); }')
})

it('compiles screens to SPEC §9 widths and control heights to their px', async () => {
  const out = await build([...Object.keys(SCREENS_PX).map((s) => `${s}:flex`), 'h-control-small', 'min-h-control-tiny', 'h-control-xlarge'])
  // A class starting with a digit is escaped: `2xl:flex` is `.\32 xl\:flex`.
  for (const [name, width] of Object.entries(SCREENS_PX))
    expect(out).toContain(`@media (width >= ${width}px) { .${name.replace(/^\d/, (d) => `\\3${d} `)}\\:flex { display: flex; } }`)
  expect(out).toContain('.h-control-small { height: 34px; }')
  expect(out).toContain('.min-h-control-tiny { min-height: 26px; }')
  expect(out).toContain('.h-control-xlarge { height: 50px; }')
})

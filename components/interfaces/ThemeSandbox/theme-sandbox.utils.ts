/**
 * The theme sandbox's pure parts: which CSS variables make a theme (styles/globals.css), when the
 * sandbox opens, colour values a colour picker can show, and the CSS block to copy.
 */

/** The colour tokens each theme defines on its class (light, dark, classic-dark). */
export const THEME_VARIABLES = [
  '--background',
  '--surface',
  '--surface-raised',
  '--border',
  '--foreground',
  '--foreground-light',
  '--foreground-lighter',
  '--brand',
  '--brand-strong',
  '--brand-foreground',
  '--destructive',
  '--destructive-foreground',
  '--warning',
] as const
export type ThemeVariable = (typeof THEME_VARIABLES)[number]
export type ThemeValues = Record<ThemeVariable, string>

export const THEME_SANDBOX_HASH = '#theme-sandbox'

/** SPEC §2: opened by the URL hash, or kept open by a saved setting. */
export function isSandboxRequested(hash: string, saved: string | null): boolean {
  return hash === THEME_SANDBOX_HASH || saved === 'true'
}

/** `#abc` → `#aabbcc`; a colour the picker cannot show (rgb(), a name, a var) → null. */
export function toPickerColor(value: string): string | null {
  const v = value.trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(v)) return v
  if (/^#[0-9a-f]{3}$/.test(v)) return `#${[...v.slice(1)].map((c) => c + c).join('')}`
  return null
}

/** A value safe to hand to setProperty: no way out of the declaration (`;`, braces, comments). */
export function isPlainCssValue(value: string): boolean {
  return value.trim().length > 0 && value.length <= 200 && !/[;{}]|\/\*/.test(value)
}

/** The theme's block as it would be written in styles/globals.css. */
export function cssBlock(theme: string, values: Partial<ThemeValues>): string {
  const lines = THEME_VARIABLES.filter((name) => values[name]).map((name) => `  ${name}: ${values[name]!.trim()};`)
  return `.${theme} {\n${lines.join('\n')}\n}\n`
}

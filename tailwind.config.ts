/**
 * The dashboard's Tailwind theme, read by Tailwind 4 through `@config` in styles/globals.css.
 *
 * Colours are names for the CSS variables the stylesheet defines once per theme (light, dark,
 * classic-dark): `bg-surface` paints `var(--surface)`, whichever theme is on. Opacity modifiers
 * (`border-destructive/40`) work on them too. Screens and control heights are SPEC §9's.
 */
import type { Config } from 'tailwindcss'

/** Min-width breakpoints in px (SPEC §9); components/ui/sizes.ts `BREAKPOINTS` says the same. */
export const SCREENS_PX = { sm: 639, md: 767, lg: 1023, xl: 1027, '2xl': 1535 } as const

/** Control heights in px (SPEC §9), as `h-control-small`, `min-h-control-tiny` … */
export const CONTROL_HEIGHTS_PX = { tiny: 26, small: 34, medium: 38, large: 42, xlarge: 50 } as const

/** Every colour token; each is a CSS variable of the same name in styles/globals.css. */
export const COLOR_TOKENS = [
  'background',
  'surface',
  'surface-raised',
  'border',
  'foreground',
  'foreground-light',
  'foreground-lighter',
  'brand',
  'brand-strong',
  'brand-foreground',
  'destructive',
  'destructive-foreground',
  'warning',
] as const

const px = <K extends string>(values: Record<K, number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, `${value}px`])) as Record<K, string>

const controlHeights = Object.fromEntries(Object.entries(px(CONTROL_HEIGHTS_PX)).map(([name, value]) => [`control-${name}`, value]))

const config: Config = {
  theme: {
    // Not under `extend`: SPEC §9's breakpoints replace Tailwind's own.
    screens: px(SCREENS_PX),
    extend: {
      colors: Object.fromEntries(COLOR_TOKENS.map((token) => [token, `var(--${token})`])),
      spacing: controlHeights,
      fontFamily: {
        sans: [
          'ui-sans-serif',
          'system-ui',
          '-apple-system',
          "'Segoe UI'",
          'Roboto',
          "'Helvetica Neue'",
          'Arial',
          "'Noto Sans'",
          'sans-serif',
          "'Apple Color Emoji'",
          "'Segoe UI Emoji'",
        ],
        mono: ['ui-monospace', 'SFMono-Regular', "'SF Mono'", 'Menlo', 'Monaco', 'Consolas', "'Liberation Mono'", "'Courier New'", 'monospace'],
      },
    },
  },
}

export default config

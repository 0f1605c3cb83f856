/**
 * Monaco's editor themes, made from the app's own colour tokens (the CSS variables of
 * styles/globals.css: `--background`, `--surface`, `--brand` …), so the SQL editor looks like the
 * rest of the dashboard in light, dark and classic dark. Pure: the tokens come in as values (read
 * from the page by components/interfaces/SQLEditor/theme-tokens.ts).
 */
import type * as Monaco from 'monaco-editor'

/** The app themes next-themes resolves to (system becomes light or dark). */
export const APP_THEMES = ['light', 'dark', 'classic-dark'] as const
export type AppTheme = (typeof APP_THEMES)[number]

/** The CSS variables (without `--`) the editor themes are made from. */
export const THEME_TOKENS = [
  'background',
  'surface',
  'surface-raised',
  'border',
  'foreground',
  'foreground-light',
  'foreground-lighter',
  'brand',
  'brand-strong',
  'destructive',
  'warning',
] as const
export type ThemeToken = (typeof THEME_TOKENS)[number]

/** Token values as `#rrggbb` (or `#rrggbbaa`); a token that could not be read is absent. */
export type ThemeTokens = Partial<Record<ThemeToken, string>>

export const MONACO_THEME_NAMES: Record<AppTheme, string> = {
  light: 'app-light',
  dark: 'app-dark',
  'classic-dark': 'app-classic-dark',
}

function isAppTheme(value: string | undefined): value is AppTheme {
  return (APP_THEMES as readonly (string | undefined)[]).includes(value)
}

/** next-themes' `resolvedTheme` → the Monaco theme to show; light until the theme is known. */
export function monacoThemeName(resolvedTheme: string | undefined): string {
  return MONACO_THEME_NAMES[isAppTheme(resolvedTheme) ? resolvedTheme : 'light']
}

const HEX = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const RGB = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/i

const byte = (value: number) =>
  Math.round(Math.min(255, Math.max(0, value)))
    .toString(16)
    .padStart(2, '0')

/**
 * A CSS colour as Monaco takes it (`#rrggbb` or `#rrggbbaa`); undefined for what cannot be turned
 * into one here (a named or oklch colour), so that colour falls back to Monaco's base theme.
 */
export function toMonacoColor(value: string | undefined): string | undefined {
  const color = value?.trim().toLowerCase() ?? ''
  if (HEX.test(color)) {
    const digits = color.slice(1)
    return digits.length <= 4 ? `#${[...digits].map((digit) => digit + digit).join('')}` : color
  }
  const rgb = RGB.exec(color)
  if (!rgb) return undefined
  const [, r, g, b, a] = rgb
  const alpha = a === undefined ? '' : byte((a.endsWith('%') ? parseFloat(a) / 100 : parseFloat(a)) * 255)
  const hex = `#${byte(Number(r))}${byte(Number(g))}${byte(Number(b))}`
  return alpha === '' || alpha === 'ff' ? hex : `${hex}${alpha}`
}

/** `#rrggbb` with an alpha byte ('40' is 25 %); undefined passes through. */
function withAlpha(color: string | undefined, alpha: string): string | undefined {
  return color && color.length === 7 ? `${color}${alpha}` : color
}

/** Monaco token rules take colours without the `#`. */
const ruleColor = (color: string | undefined) => color?.slice(1, 7)

/** The Monaco theme for one app theme, built from that theme's tokens. */
export function monacoThemeData(theme: AppTheme, tokens: ThemeTokens): Monaco.editor.IStandaloneThemeData {
  const t = tokens
  const colors: Record<string, string | undefined> = {
    'editor.background': t.background,
    'editor.foreground': t.foreground,
    'editorGutter.background': t.background,
    'editorLineNumber.foreground': t['foreground-lighter'],
    // Monaco's own is its ghost text's, faded below 4.5:1 on every background.
    'editor.placeholder.foreground': t['foreground-light'],
    'editorLineNumber.activeForeground': t['foreground-light'],
    'editor.lineHighlightBackground': t['surface-raised'],
    'editor.lineHighlightBorder': t['surface-raised'],
    'editorCursor.foreground': t.brand,
    'editor.selectionBackground': withAlpha(t.brand, '40'),
    'editor.inactiveSelectionBackground': withAlpha(t.brand, '26'),
    'editor.selectionHighlightBackground': withAlpha(t.brand, '1f'),
    'editorIndentGuide.background1': t.border,
    'editorWhitespace.foreground': t.border,
    'editorError.foreground': t.destructive,
    'editorWarning.foreground': t.warning,
    'editorWidget.background': t.surface,
    'editorWidget.foreground': t.foreground,
    'editorWidget.border': t.border,
    'editorSuggestWidget.background': t.surface,
    'editorSuggestWidget.foreground': t.foreground,
    'editorSuggestWidget.border': t.border,
    'editorSuggestWidget.selectedBackground': t['surface-raised'],
    'editorSuggestWidget.selectedForeground': t.foreground,
    'editorSuggestWidget.highlightForeground': t['brand-strong'],
    'editorHoverWidget.background': t.surface,
    'editorHoverWidget.border': t.border,
    'input.background': t.surface,
    'input.foreground': t.foreground,
    'input.border': t.border,
    'focusBorder': t.brand,
    'menu.background': t.surface,
    'menu.foreground': t.foreground,
    'menu.selectionBackground': t['surface-raised'],
    'menu.selectionForeground': t.foreground,
    'menu.separatorBackground': t.border,
    'scrollbarSlider.background': withAlpha(t['foreground-lighter'], '33'),
    'scrollbarSlider.hoverBackground': withAlpha(t['foreground-lighter'], '55'),
    'scrollbarSlider.activeBackground': withAlpha(t['foreground-lighter'], '77'),
  }
  const rules: Monaco.editor.ITokenThemeRule[] = [
    { token: '', foreground: ruleColor(t.foreground) },
    { token: 'comment', foreground: ruleColor(t['foreground-lighter']), fontStyle: 'italic' },
    { token: 'keyword', foreground: ruleColor(t['brand-strong']) },
    { token: 'operator', foreground: ruleColor(t['foreground-light']) },
    { token: 'delimiter', foreground: ruleColor(t['foreground-light']) },
    { token: 'string', foreground: ruleColor(t.warning) },
    { token: 'number', foreground: ruleColor(t.foreground) },
    { token: 'predefined', foreground: ruleColor(t.foreground) },
    { token: 'identifier', foreground: ruleColor(t.foreground) },
    // Monaco's base themes colour SQL's own tokens more specifically (strings pure red #ff0000,
    // below 4.5:1 on either background): the app's colours replace them too.
    { token: 'string.sql', foreground: ruleColor(t.warning) },
    { token: 'operator.sql', foreground: ruleColor(t['foreground-light']) },
    { token: 'predefined.sql', foreground: ruleColor(t.foreground) },
  ]
  return {
    base: theme === 'light' ? 'vs' : 'vs-dark',
    inherit: true,
    // What could not be read keeps the base theme's colour.
    rules: rules.filter((rule) => rule.foreground !== undefined),
    colors: Object.fromEntries(Object.entries(colors).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  }
}

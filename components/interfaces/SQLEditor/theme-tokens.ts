import type * as Monaco from 'monaco-editor'
import {
  APP_THEMES,
  MONACO_THEME_NAMES,
  monacoThemeData,
  THEME_TOKENS,
  toMonacoColor,
  type AppTheme,
  type ThemeTokens,
} from '@/lib/sql-editor/monaco-theme'

/**
 * The colour tokens of one app theme as the page's stylesheet defines them. Every theme's values
 * are read, not only the current one's: a hidden probe element carries the theme's class (the same
 * class next-themes puts on <html>), so its custom properties are that theme's.
 */
export function readThemeTokens(theme: AppTheme, doc: Document = document): ThemeTokens {
  const probe = doc.createElement('div')
  probe.className = theme
  probe.hidden = true
  doc.body.appendChild(probe)
  try {
    const style = doc.defaultView!.getComputedStyle(probe)
    const tokens: ThemeTokens = {}
    for (const token of THEME_TOKENS) {
      const color = toMonacoColor(style.getPropertyValue(`--${token}`))
      if (color) tokens[token] = color
    }
    return tokens
  } finally {
    probe.remove()
  }
}

/** Defines (or redefines) the Monaco theme of every app theme from the current stylesheet. */
export function defineAppMonacoThemes(monaco: Pick<typeof Monaco, 'editor'>, doc: Document = document) {
  for (const theme of APP_THEMES) {
    monaco.editor.defineTheme(MONACO_THEME_NAMES[theme], monacoThemeData(theme, readThemeTokens(theme, doc)))
  }
}

// @vitest-environment happy-dom
import { MONACO_THEME_NAMES, type AppTheme } from '@/lib/sql-editor/monaco-theme'
import { defineAppMonacoThemes, readThemeTokens } from './theme-tokens'

/** A stylesheet shaped like the app's: tokens as custom properties on each theme's class. */
const STYLES = `
  :root, .light { --background: #fcfcfc; --surface: #ffffff; --foreground: #18181b; --brand: #3ecf8e; --border: #e4e4e7; }
  .dark { --background: #121212; --surface: #1a1a1a; --foreground: #ededed; --brand: #3ecf8e; --border: #2e2e2e; }
  .classic-dark { --background: #181818; --surface: #1f1f1f; --foreground: #e4e4e4; --brand: #24b47e; --border: rgb(52, 52, 52); }
`

describe('reading the theme tokens from the stylesheet', () => {
  let style: HTMLStyleElement
  beforeEach(() => {
    style = document.createElement('style')
    style.textContent = STYLES
    document.head.appendChild(style)
    // The page shows another theme: every theme's tokens are read all the same.
    document.documentElement.className = 'dark'
  })
  afterEach(() => {
    style.remove()
    document.documentElement.className = ''
  })

  it.each([
    ['light', { background: '#fcfcfc', surface: '#ffffff', foreground: '#18181b', brand: '#3ecf8e', border: '#e4e4e7' }],
    ['dark', { background: '#121212', surface: '#1a1a1a', foreground: '#ededed', brand: '#3ecf8e', border: '#2e2e2e' }],
    ['classic-dark', { background: '#181818', surface: '#1f1f1f', foreground: '#e4e4e4', brand: '#24b47e', border: '#343434' }],
  ] as [AppTheme, Record<string, string>][])('%s', (theme, expected) => {
    expect(readThemeTokens(theme)).toEqual(expected)
    expect(document.body.children).toHaveLength(0) // the probe is gone
  })

  it('defines one Monaco theme per app theme, each with its own colours', () => {
    const defineTheme = vi.fn()
    defineAppMonacoThemes({ editor: { defineTheme } } as never)
    expect(defineTheme.mock.calls.map(([name]) => name)).toEqual([
      MONACO_THEME_NAMES.light,
      MONACO_THEME_NAMES.dark,
      MONACO_THEME_NAMES['classic-dark'],
    ])
    const background = Object.fromEntries(defineTheme.mock.calls.map(([name, data]) => [name, data.colors['editor.background']]))
    expect(background).toEqual({ 'app-light': '#fcfcfc', 'app-dark': '#121212', 'app-classic-dark': '#181818' })
    expect(defineTheme.mock.calls[2]![1].colors['editorWidget.border']).toBe('#343434')
  })
})

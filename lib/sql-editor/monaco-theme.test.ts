import { APP_THEMES, MONACO_THEME_NAMES, monacoThemeData, monacoThemeName, THEME_TOKENS, toMonacoColor, type ThemeTokens } from './monaco-theme'

/** Distinct made-up values per token and theme, so each colour can be traced to its token. */
const tokensFor = (seed: number): ThemeTokens =>
  Object.fromEntries(THEME_TOKENS.map((token, i) => [token, `#${(seed * 16 + i).toString(16).padStart(2, '0')}a0b0`]))

describe('Monaco themes from the app tokens', () => {
  it.each(APP_THEMES.map((theme, i) => [theme, i + 1] as const))('%s is a Monaco theme coloured by its tokens', (theme, seed) => {
    const tokens = tokensFor(seed)
    const data = monacoThemeData(theme, tokens)
    expect(data.base).toBe(theme === 'light' ? 'vs' : 'vs-dark')
    expect(data.inherit).toBe(true)
    expect(data.colors['editor.background']).toBe(tokens.background)
    expect(data.colors['editor.foreground']).toBe(tokens.foreground)
    expect(data.colors['editorLineNumber.foreground']).toBe(tokens['foreground-lighter'])
    expect(data.colors['editor.placeholder.foreground']).toBe(tokens['foreground-light'])
    expect(data.colors['editor.lineHighlightBackground']).toBe(tokens['surface-raised'])
    expect(data.colors['editorCursor.foreground']).toBe(tokens.brand)
    expect(data.colors['editor.selectionBackground']).toBe(`${tokens.brand}40`)
    expect(data.colors['editorWidget.background']).toBe(tokens.surface)
    expect(data.colors['editorWidget.border']).toBe(tokens.border)
    expect(data.colors['editorError.foreground']).toBe(tokens.destructive)
    expect(data.rules).toContainEqual({ token: 'keyword', foreground: tokens['brand-strong']!.slice(1) })
    expect(data.rules).toContainEqual({ token: 'comment', foreground: tokens['foreground-lighter']!.slice(1), fontStyle: 'italic' })
    // The base themes' SQL rules are more specific than `string`: they are replaced as well.
    expect(data.rules).toContainEqual({ token: 'string.sql', foreground: tokens.warning!.slice(1) })
    expect(data.rules).toContainEqual({ token: 'operator.sql', foreground: tokens['foreground-light']!.slice(1) })
    expect(data.rules).toContainEqual({ token: 'predefined.sql', foreground: tokens.foreground!.slice(1) })
    // Every colour Monaco gets is one it accepts.
    for (const color of Object.values(data.colors)) expect(color).toMatch(/^#[0-9a-f]{6}([0-9a-f]{2})?$/)
  })

  it('leaves a colour whose token is missing to the base theme', () => {
    const data = monacoThemeData('dark', { background: '#121212' })
    expect(data.colors).toEqual({ 'editor.background': '#121212', 'editorGutter.background': '#121212' })
    expect(data.rules).toEqual([])
  })

  it.each([
    ['light', 'app-light'],
    ['dark', 'app-dark'],
    ['classic-dark', 'app-classic-dark'],
    [undefined, 'app-light'],
    ['system', 'app-light'], // never a resolved theme; light is the app's fallback too
  ])('app theme %s → Monaco theme %s', (resolved, name) => {
    expect(monacoThemeName(resolved)).toBe(name)
  })

  it('has one Monaco theme name per app theme, valid for defineTheme', () => {
    expect(Object.keys(MONACO_THEME_NAMES).sort()).toEqual([...APP_THEMES].sort())
    for (const name of Object.values(MONACO_THEME_NAMES)) expect(name).toMatch(/^[a-z0-9-]+$/i)
  })

  it.each([
    ['#3ECF8E', '#3ecf8e'],
    ['  #fff ', '#ffffff'],
    ['#0f08', '#00ff0088'],
    ['#11223344', '#11223344'],
    ['rgb(62, 207, 142)', '#3ecf8e'],
    ['rgb(62 207 142 / 50%)', '#3ecf8e80'],
    ['rgba(0,0,0,0.25)', '#00000040'],
    ['rgba(0,0,0,1)', '#000000'],
    ['oklch(0.7 0.1 160)', undefined],
    ['red', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('colour %j → %s', (value, expected) => {
    expect(toMonacoColor(value)).toBe(expected)
  })
})

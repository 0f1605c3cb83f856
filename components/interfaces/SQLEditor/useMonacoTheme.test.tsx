// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react'
import { useMonacoTheme } from './useMonacoTheme'

const themes = vi.hoisted(() => ({ resolvedTheme: 'dark' as string | undefined }))
vi.mock('next-themes', () => ({ useTheme: () => ({ resolvedTheme: themes.resolvedTheme }) }))

describe('useMonacoTheme', () => {
  it('defines the app themes before the editor mounts and follows the app theme', () => {
    const defineTheme = vi.fn()
    const { result, rerender } = renderHook(() => useMonacoTheme())
    expect(result.current.theme).toBe('app-dark')

    result.current.beforeMount({ editor: { defineTheme } } as never)
    expect(defineTheme.mock.calls.map(([name]) => name)).toEqual(['app-light', 'app-dark', 'app-classic-dark'])

    // System resolving to light, then classic dark: the name follows, the themes are defined anew.
    defineTheme.mockClear()
    themes.resolvedTheme = 'light'
    rerender()
    expect(result.current.theme).toBe('app-light')
    expect(defineTheme).toHaveBeenCalledTimes(3)
    themes.resolvedTheme = 'classic-dark'
    rerender()
    expect(result.current.theme).toBe('app-classic-dark')
  })
})

// @vitest-environment happy-dom
import type { ReactNode } from 'react'
import { act, renderHook } from '@testing-library/react'
import { useTheme } from 'next-themes'
import { withTheme } from '@/tests/helpers/theme'
import { useMonacoTheme } from './useMonacoTheme'

describe('useMonacoTheme', () => {
  it('defines the app themes before the editor mounts and follows the app theme', () => {
    const defineTheme = vi.fn()
    const wrapper = ({ children }: { children: ReactNode }) => withTheme(<>{children}</>, 'dark')
    const { result } = renderHook(() => ({ editor: useMonacoTheme(), app: useTheme() }), { wrapper })
    expect(result.current.editor.theme).toBe('app-dark')

    result.current.editor.beforeMount({ editor: { defineTheme } } as never)
    expect(defineTheme.mock.calls.map(([name]) => name)).toEqual(['app-light', 'app-dark', 'app-classic-dark'])

    // System resolving to light, then classic dark: the name follows, the themes are defined anew.
    defineTheme.mockClear()
    act(() => result.current.app.setTheme('system'))
    expect(result.current.editor.theme).toBe('app-light')
    expect(defineTheme).toHaveBeenCalledTimes(3)
    act(() => result.current.app.setTheme('classic-dark'))
    expect(result.current.editor.theme).toBe('app-classic-dark')
  })
})

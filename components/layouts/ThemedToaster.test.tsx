// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { ThemedToaster, TOAST_DURATION_MS } from './ThemedToaster'

const themes = vi.hoisted(() => ({ resolvedTheme: 'classic-dark' as string | undefined }))
vi.mock('next-themes', () => ({ useTheme: () => ({ resolvedTheme: themes.resolvedTheme }) }))

describe('ThemedToaster', () => {
  it('puts toasts top-right for 4000 ms in the dark variant for classic dark', async () => {
    expect(TOAST_DURATION_MS).toBe(4000)
    render(<ThemedToaster />)
    act(() => void toast('Snippet saved'))
    expect(await screen.findByText('Snippet saved')).toBeInTheDocument()
    const toaster = document.querySelector('[data-sonner-toaster]')!
    expect(toaster).toHaveAttribute('data-y-position', 'top')
    expect(toaster).toHaveAttribute('data-x-position', 'right')
    expect(toaster).toHaveAttribute('data-sonner-theme', 'dark')
    expect((toaster as HTMLElement).style.getPropertyValue('--normal-bg')).toBe('var(--surface)')
  })

  it('uses the light variant for the light theme', async () => {
    themes.resolvedTheme = 'light'
    render(<ThemedToaster />)
    act(() => void toast('Hello'))
    await screen.findByText('Hello')
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'light')
  })
})

// @vitest-environment happy-dom
import { act, render, screen } from '@testing-library/react'
import { toast } from 'sonner'
import { withTheme } from '@/tests/helpers/theme'
import { ThemedToaster, TOAST_DURATION_MS } from './ThemedToaster'

describe('ThemedToaster', () => {
  it('puts toasts top-right for 4000 ms in the dark variant for classic dark', async () => {
    expect(TOAST_DURATION_MS).toBe(4000)
    render(withTheme(<ThemedToaster />, 'classic-dark'))
    act(() => void toast('Snippet saved'))
    expect(await screen.findByText('Snippet saved')).toBeInTheDocument()
    const toaster = document.querySelector('[data-sonner-toaster]')!
    expect(toaster).toHaveAttribute('data-y-position', 'top')
    expect(toaster).toHaveAttribute('data-x-position', 'right')
    expect(toaster).toHaveAttribute('data-sonner-theme', 'dark')
    expect((toaster as HTMLElement).style.getPropertyValue('--normal-bg')).toBe('var(--surface)')
  })

  it('uses the light variant for the light theme', async () => {
    render(withTheme(<ThemedToaster />, 'light'))
    act(() => void toast('Hello'))
    await screen.findByText('Hello')
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-sonner-theme', 'light')
  })
})

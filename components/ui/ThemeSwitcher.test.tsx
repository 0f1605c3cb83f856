// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { ThemeSwitcher } from './ThemeSwitcher'

const themes = vi.hoisted(() => ({ theme: 'dark' as string | undefined, setTheme: vi.fn() }))
vi.mock('next-themes', () => ({ useTheme: () => ({ theme: themes.theme, setTheme: themes.setTheme }) }))

describe('ThemeSwitcher', () => {
  beforeEach(() => {
    themes.theme = 'dark'
    themes.setTheme.mockReset()
  })

  it('renders a stable "Theme" placeholder on the server, never a guessed theme', () => {
    const html = renderToString(<ThemeSwitcher />)
    expect(html).toContain('Theme')
    expect(html).not.toContain('Dark')
    expect(html).not.toContain('System')
  })

  it('shows the stored theme once mounted and lists the four themes', () => {
    render(<ThemeSwitcher />)
    const control = screen.getByRole('combobox', { name: 'Theme' })
    expect(control).toHaveTextContent('Dark')
    fireEvent.click(control)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['System', 'Light', 'Dark', 'Classic dark'])
  })

  it('defaults to system when nothing is stored', () => {
    themes.theme = undefined
    render(<ThemeSwitcher />)
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveTextContent('System')
  })

  it('sets the picked theme from the keyboard', () => {
    render(<ThemeSwitcher />)
    const control = screen.getByRole('combobox', { name: 'Theme' })
    fireEvent.keyDown(control, { key: 'ArrowDown' })
    fireEvent.keyDown(control, { key: 'ArrowDown' })
    fireEvent.keyDown(control, { key: 'Enter' })
    expect(themes.setTheme).toHaveBeenCalledWith('classic-dark')
  })
})

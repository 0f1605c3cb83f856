// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { storedTheme, withTheme } from '@/tests/helpers/theme'
import { ThemeSwitcher } from './ThemeSwitcher'

describe('ThemeSwitcher', () => {
  it('renders a stable "Theme" placeholder on the server, never a guessed theme', () => {
    const html = renderToString(withTheme(<ThemeSwitcher />, 'dark'))
    expect(html).toContain('Theme')
    expect(html).not.toContain('Dark')
    expect(html).not.toContain('System')
  })

  it('shows the stored theme once mounted and lists the four themes', () => {
    render(withTheme(<ThemeSwitcher />, 'dark'))
    const control = screen.getByRole('combobox', { name: 'Theme' })
    expect(control).toHaveTextContent('Dark')
    fireEvent.click(control)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['System', 'Light', 'Dark', 'Classic dark'])
  })

  it('defaults to system when nothing is stored', () => {
    render(withTheme(<ThemeSwitcher />))
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveTextContent('System')
  })

  it('sets the picked theme from the keyboard', () => {
    render(withTheme(<ThemeSwitcher />, 'dark'))
    const control = screen.getByRole('combobox', { name: 'Theme' })
    fireEvent.keyDown(control, { key: 'ArrowDown' })
    fireEvent.keyDown(control, { key: 'ArrowDown' })
    fireEvent.keyDown(control, { key: 'Enter' })
    expect(storedTheme()).toBe('classic-dark')
  })
})

// @vitest-environment happy-dom
/**
 * The theme sandbox: closed unless the URL hash or the saved setting asks for it; edits the
 * theme's colour variables live on the page, copies them as CSS, drops them when closed; renders
 * nothing in a production build.
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { ThemeSandbox } from './ThemeSandbox'

const root = document.documentElement
let stylesheet: HTMLStyleElement

beforeEach(() => {
  // What styles/globals.css gives the light theme, for the variables this test looks at.
  stylesheet = document.createElement('style')
  stylesheet.textContent = ':root { --brand: #3ecf8e; --background: #fcfcfc; --foreground: rgb(24, 24, 27); }'
  document.head.appendChild(stylesheet)
})
afterEach(() => {
  stylesheet.remove()
  localStorage.clear()
  window.history.replaceState(null, '', '/')
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

function goTo(hash: string) {
  act(() => {
    window.history.replaceState(null, '', `/projects${hash}`)
    window.dispatchEvent(new HashChangeEvent('hashchange'))
  })
}

it('stays closed until the URL hash asks for it, then edits the theme live', async () => {
  const user = userEvent.setup()
  render(<ThemeSandbox />)
  expect(screen.queryByRole('region', { name: 'Theme sandbox' })).toBeNull()

  goTo('#theme-sandbox')
  expect(await screen.findByRole('region', { name: 'Theme sandbox' })).toBeInTheDocument()
  const brand = await screen.findByRole('textbox', { name: '--brand' })
  expect(brand).toHaveValue('#3ecf8e')
  expect((screen.getByRole('textbox', { name: '--foreground' }) as HTMLInputElement).value).toMatch(/^rgb\(24, ?24, ?27\)$/)
  // rgb() is not something a colour picker shows: type it instead.
  expect(screen.getByLabelText('--foreground colour')).toBeDisabled()

  await user.clear(brand)
  await user.type(brand, '#ff0066')
  expect(root.style.getPropertyValue('--brand')).toBe('#ff0066')
  // A value that would break out of the declaration is never applied.
  await user.type(brand, '; color: red')
  expect(root.style.getPropertyValue('--brand')).toBe('#ff0066')
  expect(brand).toHaveAttribute('aria-invalid', 'true')
})

it('copies the theme as CSS, resets, and drops the edits when closed', async () => {
  const user = userEvent.setup()
  const writeText = vi.fn(async () => undefined)
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } })
  vi.spyOn(document, 'hasFocus').mockReturnValue(true)
  goTo('#theme-sandbox')
  render(<ThemeSandbox />)

  const brand = await screen.findByRole('textbox', { name: '--brand' })
  await user.clear(brand)
  await user.type(brand, '#123456')
  await user.click(screen.getByRole('button', { name: "Copy the theme's CSS" }))
  expect(writeText).toHaveBeenCalledTimes(1)
  const css = (writeText.mock.calls[0] as unknown as [string])[0]
  expect(css).toMatch(/^\.light \{\n/)
  expect(css).toContain('  --brand: #123456;\n')
  expect(css).toContain('  --background: #fcfcfc;\n')

  await user.click(screen.getByRole('button', { name: 'Reset' }))
  expect(root.style.getPropertyValue('--brand')).toBe('')
  expect(screen.getByRole('textbox', { name: '--brand' })).toHaveValue('#3ecf8e')

  await user.type(screen.getByRole('textbox', { name: '--brand' }), '0')
  await user.click(screen.getByRole('button', { name: 'Close the theme sandbox' }))
  expect(screen.queryByRole('region', { name: 'Theme sandbox' })).toBeNull()
  expect(window.location.hash).toBe('')
  expect(root.style.getPropertyValue('--brand')).toBe('')
})

it('opens from the saved setting, which "Keep open" writes and closing clears', async () => {
  const user = userEvent.setup()
  render(<ThemeSandbox />)
  goTo('#theme-sandbox')
  await user.click(await screen.findByRole('checkbox', { name: 'Keep open' }))
  expect(localStorage.getItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX)).toBe('true')

  goTo('') // another page, no hash: still open
  expect(screen.getByRole('region', { name: 'Theme sandbox' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Close the theme sandbox' }))
  expect(localStorage.getItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX)).toBeNull()
  expect(screen.queryByRole('region', { name: 'Theme sandbox' })).toBeNull()
})

it('renders nothing in a production build, whatever asks for it', () => {
  vi.stubEnv('NODE_ENV', 'production')
  localStorage.setItem(LOCAL_STORAGE_KEYS.THEME_SANDBOX, 'true')
  goTo('#theme-sandbox')
  const { container } = render(<ThemeSandbox />)
  expect(container).toBeEmptyDOMElement()
})

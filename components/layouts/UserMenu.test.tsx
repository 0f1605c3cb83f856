// @vitest-environment happy-dom
/**
 * The user menu: who is signed in, its items and where they lead, the theme switcher inside it;
 * Sign out signs out and goes to /sign-in; Feature previews opens the previews modal; keyboard and
 * outside clicks follow the menu button pattern.
 */
import { vi } from 'vitest'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { appState } from '@/state/app'
import { withAuth } from '@/tests/helpers/auth'
import { withRouter } from '@/tests/helpers/router'
import { storedTheme, withTheme } from '@/tests/helpers/theme'
import { UserMenu } from './UserMenu'

const router = { push: vi.fn(async () => true), replace: vi.fn(async () => true), asPath: '/projects', pathname: '/projects', query: {} }
const signOut = vi.fn(async () => undefined)

afterEach(() => {
  cleanup()
  vi.clearAllMocks()
  appState.reset()
})

const renderMenu = (canSignOut = true) =>
  render(
    withRouter(
      router,
      withAuth(
        { signOut },
        withTheme(
          <div>
            <p>Outside</p>
            <UserMenu email="ada.lovelace@example.com" username="Ada Lovelace" canSignOut={canSignOut} />
          </div>
        )
      )
    )
  )

const openButton = () => screen.getByRole('button', { name: /account menu/i })

it('shows the initials, and on opening who is signed in, the items and the theme switcher', async () => {
  const user = userEvent.setup()
  renderMenu()
  expect(openButton()).toHaveTextContent('AL')
  expect(openButton()).toHaveAttribute('aria-haspopup', 'menu')
  expect(openButton()).toHaveAttribute('aria-expanded', 'false')
  expect(screen.queryByRole('menu')).not.toBeInTheDocument()

  await user.click(openButton())
  const menu = screen.getByRole('menu', { name: 'Account' })
  expect(openButton()).toHaveAttribute('aria-expanded', 'true')
  expect(menu).toHaveTextContent('ada.lovelace@example.com')
  expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Account', 'Your telemetry data', 'Feature previews', 'Privacy settings', 'Sign out'])
  expect(within(menu).getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/account/security')
  expect(within(menu).getByRole('menuitem', { name: 'Your telemetry data' })).toHaveAttribute('href', '/account/telemetry')
  expect(within(within(menu).getByRole('group', { name: 'Theme' })).getByLabelText('Theme')).toBeInTheDocument()
})

it('picks a theme in the switcher inside it, its list shown outside the menu', async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.click(openButton())
  await user.click(within(screen.getByRole('group', { name: 'Theme' })).getByLabelText('Theme'))
  const list = screen.getByRole('listbox')
  expect(screen.getByRole('menu')).not.toContainElement(list)
  await user.click(within(list).getByRole('option', { name: 'Dark' }))
  expect(storedTheme()).toBe('dark')
  expect(screen.getByRole('menu')).toBeInTheDocument()
})

it('Sign out signs out, then goes to /sign-in', async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.click(openButton())
  await user.click(screen.getByRole('menuitem', { name: 'Sign out' }))
  await waitFor(() => expect(router.push).toHaveBeenCalledWith('/sign-in'))
  expect(signOut).toHaveBeenCalledTimes(1)
  expect(signOut.mock.invocationCallOrder[0]).toBeLessThan(router.push.mock.invocationCallOrder[0])
})

it('has no Sign out when there is no sign-in (self-hosted)', async () => {
  const user = userEvent.setup()
  renderMenu(false)
  await user.click(openButton())
  expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument()
})

it('Feature previews opens the previews modal and closes the menu, focus back on its button', async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.click(openButton())
  await user.click(screen.getByRole('menuitem', { name: 'Feature previews' }))
  expect(appState.showFeaturePreviewModal).toBe(true)
  expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  expect(openButton()).toHaveFocus()
})

it('works from the keyboard: arrows move, the theme switcher is on the way, Escape closes', async () => {
  const user = userEvent.setup()
  renderMenu()
  openButton().focus()
  await user.keyboard('{ArrowDown}')
  expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus()
  await user.keyboard('{ArrowDown}')
  expect(screen.getByRole('menuitem', { name: 'Your telemetry data' })).toHaveFocus()
  await user.keyboard('{ArrowDown}')
  const theme = within(screen.getByRole('group', { name: 'Theme' })).getByLabelText('Theme')
  expect(theme).toHaveFocus()
  // The switcher keeps its own arrow keys; Tab moves on to the next item.
  await user.keyboard('{Tab}')
  expect(screen.getByRole('menuitem', { name: 'Feature previews' })).toHaveFocus()
  await user.keyboard('{End}')
  expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus()
  await user.keyboard('{ArrowDown}')
  expect(screen.getByRole('menuitem', { name: 'Account' })).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  expect(openButton()).toHaveFocus()
  // ArrowUp opens it on the last item.
  await user.keyboard('{ArrowUp}')
  expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus()
})

it('a click outside closes the menu, and so does Tab, focus back on its button', async () => {
  const user = userEvent.setup()
  renderMenu()
  await user.click(openButton())
  await user.click(screen.getByText('Outside'))
  expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  await user.click(openButton())
  expect(screen.getByRole('menu')).toBeInTheDocument()
  await user.keyboard('{Tab}')
  expect(screen.queryByRole('menu')).not.toBeInTheDocument()
  expect(openButton()).toHaveFocus()
})

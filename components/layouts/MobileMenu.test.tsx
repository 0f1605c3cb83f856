// @vitest-environment happy-dom
/**
 * The mobile menu: the header's menu button opens a sheet with the page's navigation (the side
 * bar's, folded away below md) and the dashboard's own places; it closes when a route change
 * completes, on Escape, and when one of its links is followed.
 */
import { vi } from 'vitest'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { appState } from '@/state/app'
import { AppShell } from './AppShell'
import { projectNavigation } from './section-navigation'
import { withRouter } from '@/tests/helpers/router'

const router = (() => {
  const handlers = new Map<string, Set<(...args: unknown[]) => void>>()
  return {
    pathname: '/project/[ref]/sql/[id]',
    asPath: '/project/shopref/sql/new',
    query: { ref: 'shopref' },
    push: vi.fn(async () => true),
    replace: vi.fn(async () => true),
    events: {
      on: (type: string, fn: (...args: unknown[]) => void) => void handlers.set(type, (handlers.get(type) ?? new Set()).add(fn)),
      off: (type: string, fn: (...args: unknown[]) => void) => void handlers.get(type)?.delete(fn),
      emit: (type: string, ...args: unknown[]) => handlers.get(type)?.forEach((fn) => fn(...args)),
    },
  }
})()

afterEach(() => {
  cleanup()
  appState.reset()
})

const LONG_NAME = 'Storefront with a name far too long for a narrow screen'

function renderShell() {
  return render(
    withRouter(
      router,
      <AppShell
        isPlatform
        breadcrumbs={[{ label: LONG_NAME, href: '/project/shopref' }]}
        navigation={projectNavigation({ ref: 'shopref', pathname: router.pathname, name: LONG_NAME, columnPrivileges: false })}
      >
        <p>Page</p>
      </AppShell>
    )
  )
}

const menuButton = () => screen.getByRole('button', { name: 'Open menu' })

it('the menu button (below md) opens a sheet with the project navigation and the dashboard places', async () => {
  const user = userEvent.setup()
  renderShell()
  expect(menuButton()).toHaveClass('md:hidden')
  expect(menuButton()).toHaveAttribute('aria-expanded', 'false')
  // From md up the same navigation is the side bar.
  expect(screen.getByRole('navigation', { name: 'Project' })).toHaveClass('hidden', 'md:flex')

  await user.click(menuButton())
  expect(appState.showMobileMenu).toBe(true)
  const sheet = screen.getByRole('dialog', { name: 'Menu' })
  const project = within(sheet).getByRole('navigation', { name: 'Project' })
  expect(within(project).getByText(LONG_NAME)).toHaveClass('truncate')
  expect(within(project).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
    '/project/shopref',
    '/project/shopref/editor',
    '/project/shopref/sql',
    '/project/shopref/sql/templates',
    '/project/shopref/database/tables',
    '/project/shopref/database/backups',
    '/project/shopref/api/graphiql',
    '/project/shopref/api',
    '/project/shopref/logs',
    '/project/shopref/advisors/query-performance',
    '/project/shopref/integrations/cron',
    '/project/shopref/settings/vault/secrets',
    '/project/shopref/settings/general',
    '/project/shopref/settings/compute-and-disk',
    '/project/shopref/settings/api',
    '/project/shopref/settings/storage',
    '/project/shopref/auth/users',
    '/project/shopref/auth/providers',
    '/project/shopref/auth/policies',
    '/project/shopref/storage/buckets',
    '/project/shopref/storage/policies',
    '/project/shopref/realtime/inspector',
    '/project/shopref/realtime/settings',
    '/project/shopref/functions',
    '/project/shopref/functions/secrets',
  ])
  // A group's items sit under its heading.
  expect(within(project).getByRole('link', { name: 'Users' }).closest('li')).toHaveTextContent(/^AuthenticationUsers$/)
  expect(within(project).getByRole('link', { name: 'Policies' }).closest('li')).toHaveTextContent(/^Policies$/)
  expect(within(project).getByRole('link', { name: 'Buckets' }).closest('li')).toHaveTextContent(/^StorageBuckets$/)
  expect(within(project).getByRole('link', { name: 'Storage policies' })).toHaveAttribute('href', '/project/shopref/storage/policies')
  expect(within(project).getByRole('link', { name: 'SQL Editor' })).toHaveAttribute('aria-current', 'page')
  const dashboard = within(sheet).getByRole('navigation', { name: 'Dashboard' })
  expect(within(dashboard).getAllByRole('link').map((a) => a.textContent)).toEqual(['All projects', 'Docs', 'Support'])
})

it('closes when a route change completes', async () => {
  const user = userEvent.setup()
  renderShell()
  await user.click(menuButton())
  expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument()
  // valtio tells React of the change on the next tick.
  await act(async () => router.events.emit('routeChangeComplete', '/project/shopref'))
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
  expect(appState.showMobileMenu).toBe(false)
})

it('closes on Escape, focus back on the menu button', async () => {
  const user = userEvent.setup()
  renderShell()
  await user.click(menuButton())
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
  expect(menuButton()).toHaveFocus()
})

it('closes as soon as one of its links is followed', async () => {
  const user = userEvent.setup()
  renderShell()
  await user.click(menuButton())
  const sheet = screen.getByRole('dialog', { name: 'Menu' })
  const link = within(sheet).getByRole('link', { name: 'Snippet library' })
  // jsdom does not navigate; the click is what matters here.
  link.addEventListener('click', (event) => event.preventDefault())
  await user.click(link)
  expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument()
})

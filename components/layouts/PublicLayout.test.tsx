// @vitest-environment happy-dom
/**
 * The docs are public: a signed-out visitor gets the app's header with a Sign in link that brings
 * them back, the docs list as navigation, and no redirect to /sign-in; a signed-in user gets the
 * user menu there instead.
 */
import { vi } from 'vitest'

const router = vi.hoisted(() => ({
  pathname: '/docs/[slug]',
  asPath: '/docs/quick-start',
  query: { slug: 'quick-start' },
  push: vi.fn(async () => true),
  replace: vi.fn(async () => true),
  events: { on: () => undefined, off: () => undefined },
}))
vi.mock('next/router', () => ({ useRouter: () => router }))
const auth = vi.hoisted(() => ({ current: { session: null as null | { user: { email: string } }, mfaRequired: false, isLoading: false, signOut: async () => undefined } }))
vi.mock('@/components/auth/AuthProvider', () => ({ useAuth: () => auth.current }))
// The previews modal and the command menu are their own (and tested there): here, only whether they are mounted.
vi.mock('@/components/layouts/ShellFeatures', () => ({ ShellFeatures: () => <div data-testid="shell-features" /> }))

import { render, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import DocsPage from '@/pages/docs/[slug]'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.clearAllMocks()
  auth.current = { ...auth.current, session: null }
})
afterAll(() => server.close())

const PAGES = [
  { slug: 'quick-start', title: 'Quick start' },
  { slug: 'self-hosting', title: 'Self-hosting' },
]

function renderDocs() {
  server.use(http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })))
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DocsPage slug="quick-start" title="Quick start" html="<h1>Quick start</h1><p>Start here.</p>" pages={PAGES} />
    </QueryClientProvider>
  )
}

it('signed out: the app header with a Sign in link back here, the docs as navigation, no redirect', async () => {
  renderDocs()
  expect(screen.getByRole('heading', { name: 'Quick start' })).toBeInTheDocument()
  const header = screen.getByRole('banner')
  expect(within(header).getByRole('link', { name: /home/ })).toHaveAttribute('href', '/')
  expect(within(header).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in?returnTo=%2Fdocs%2Fquick-start')
  expect(within(header).queryByRole('button', { name: /account menu/i })).not.toBeInTheDocument()
  expect(within(screen.getByTestId('breadcrumbs-full')).getByText('Quick start')).toHaveAttribute('aria-current', 'page')
  const docs = screen.getByRole('navigation', { name: 'Docs' })
  expect(within(docs).getByRole('link', { name: 'Self-hosting' })).toHaveAttribute('href', '/docs/self-hosting')
  expect(within(docs).getByRole('link', { name: 'Quick start' })).toHaveAttribute('aria-current', 'page')
  expect(screen.queryByTestId('shell-features')).not.toBeInTheDocument()
  expect(router.replace).not.toHaveBeenCalled()
  expect(router.push).not.toHaveBeenCalled()
})

it('signed in: the user menu instead of the Sign in link', async () => {
  auth.current = { ...auth.current, session: { user: { email: 'ada@example.com' } } }
  server.use(
    http.get('*/api/platform/profile', () =>
      HttpResponse.json({ id: 1, gotrue_id: 'u1', auth0_id: 'u1', username: 'Ada Lovelace', primary_email: 'ada@example.com', first_name: null, last_name: null, disabled_features: [], is_alpha_user: false })
    )
  )
  renderDocs()
  const header = screen.getByRole('banner')
  const account = await within(header).findByRole('button', { name: /account menu/i })
  expect(account).toHaveTextContent('AL')
  expect(within(header).getByTestId('profile-email')).toHaveTextContent('ada@example.com')
  expect(within(header).getByRole('button', { name: /search/i })).toBeInTheDocument()
  expect(within(header).queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument()
  expect(screen.getByTestId('shell-features')).toBeInTheDocument()
  expect(router.replace).not.toHaveBeenCalled()
})

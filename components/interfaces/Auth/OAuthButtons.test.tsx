// @vitest-environment happy-dom
/**
 * The sign-in page's provider buttons against an MSW-mocked auth service: one per provider that
 * is on, the last one used marked, the browser sent to the provider with a way back to /sign-in;
 * when the settings cannot be read, email sign-in stays alone.
 */
import { vi } from 'vitest'

const client = vi.hoisted(() => ({ signInWithOAuth: vi.fn(async () => ({ data: { url: 'https://github.test/' }, error: null })) }))
vi.mock('@/lib/auth/gotrue-client', () => ({ getGoTrueClient: () => client }))

import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { OAuthButtons } from './OAuthButtons'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  vi.clearAllMocks()
})
afterAll(() => server.close())

const settings = (external: Record<string, boolean>) =>
  http.get('*/api/auth/v1/settings', () =>
    HttpResponse.json({ external, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })
  )

function renderButtons(lastUsed: string | null = null) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <OAuthButtons returnTo="/projects" lastUsed={lastUsed} />
    </QueryClientProvider>
  )
}

it('offers each provider that is on, marks the last one used, and starts its sign-in', async () => {
  const user = userEvent.setup()
  server.use(settings({ email: true, phone: true, github: true, acme: true, google: false }))
  renderButtons('github')
  const github = await screen.findByRole('button', { name: 'Continue with GitHub' })
  expect(screen.getByRole('button', { name: 'Continue with Acme' })).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument()
  expect(within(github.parentElement!).getByText('Last used')).toBeInTheDocument()
  expect(screen.getAllByText('Last used')).toHaveLength(1)

  await user.click(github)
  expect(client.signInWithOAuth).toHaveBeenCalledWith({ provider: 'github', options: { redirectTo: `${window.location.origin}/sign-in?method=github&returnTo=%2Fprojects` } })
})

it('shows nothing when no provider is on or the settings cannot be read', async () => {
  // A 4xx is not retried: the answer is final at once.
  server.use(http.get('*/api/auth/v1/settings', () => HttpResponse.json({ message: 'No such endpoint' }, { status: 404 })))
  const { container } = renderButtons()
  await vi.waitFor(() => expect(container.querySelector('.animate-pulse')).toBeNull())
  expect(screen.queryByRole('button')).not.toBeInTheDocument()
})

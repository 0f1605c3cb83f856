// @vitest-environment happy-dom
/**
 * Connected accounts on /account/security: the identities listed with Unlink (never the last
 * one), Link for each configured provider not connected yet, and a failed load said plainly.
 */
import { vi } from 'vitest'

const client = vi.hoisted(() => ({
  getUserIdentities: vi.fn(),
  unlinkIdentity: vi.fn(async () => ({ data: {}, error: null })),
  linkIdentity: vi.fn(async () => ({ data: { provider: 'github', url: 'https://github.test/' }, error: null })),
}))
vi.mock('@/lib/auth/gotrue-client', () => ({ getGoTrueClient: () => client }))

import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { ConnectedAccountsCard } from './ConnectedAccountsCard'

const server = setupServer(
  http.get('*/api/auth/v1/settings', () =>
    HttpResponse.json({ external: { email: true, github: true, acme: true }, disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, sms_provider: '', saml_enabled: false })
  )
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => vi.clearAllMocks())
afterAll(() => server.close())

const identity = (provider: string, data: Record<string, unknown>) => ({
  identity_id: `${provider}-identity`,
  id: `${provider}-id`,
  user_id: 'u',
  provider,
  identity_data: data,
  created_at: '2026-01-02T00:00:00Z',
})

function renderCard() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectedAccountsCard />
    </QueryClientProvider>
  )
}

it('lists the identities, unlinks one, and links the providers not connected yet', async () => {
  const user = userEvent.setup()
  const github = identity('github', { user_name: 'octocat' })
  client.getUserIdentities.mockResolvedValue({ data: { identities: [identity('email', { email: 'ada@example.com' }), github] }, error: null })
  renderCard()
  expect(await screen.findByText('octocat')).toBeInTheDocument()
  expect(screen.getByText('ada@example.com')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Link GitHub' })).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Disconnect GitHub (octocat)' }))
  expect(client.unlinkIdentity).toHaveBeenCalledWith(github)

  await user.click(screen.getByRole('button', { name: 'Link Acme' }))
  expect(client.linkIdentity).toHaveBeenCalledWith({ provider: 'acme', options: { redirectTo: `${window.location.origin}/account/security` } })
})

it('never offers to unlink the only identity', async () => {
  client.getUserIdentities.mockResolvedValue({ data: { identities: [identity('email', { email: 'ada@example.com' })] }, error: null })
  renderCard()
  expect(await screen.findByRole('button', { name: 'Disconnect Email (ada@example.com)' })).toBeDisabled()
  expect(screen.getByText(/cannot be disconnected/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Link GitHub' })).toBeEnabled()
})

it('says when the identities cannot be loaded', async () => {
  client.getUserIdentities.mockResolvedValue({ data: null, error: { message: 'Session expired', status: 401 } })
  renderCard()
  expect(await screen.findByText('Failed to load your connected accounts')).toBeInTheDocument()
  expect(screen.getByText('Session expired')).toBeInTheDocument()
})

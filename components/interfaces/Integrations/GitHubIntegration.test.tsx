// @vitest-environment happy-dom
/**
 * The organization's GitHub card against an MSW-mocked platform: without an app it says how to
 * configure one; Connect opens GitHub in a 600 × 800 pop-up with a fresh 32-letter state kept in
 * localStorage; the list refreshes when the pop-up ends that state; a blocked pop-up is said;
 * only Owners and Admins connect and disconnect.
 */
import { vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { Toaster } from 'sonner'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type GithubConnection, type Organization, type OrganizationRole } from '@/lib/api-types'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { GitHubIntegration } from './GitHubIntegration'
import { POPUP_BLOCKED } from './useGitHubPopup'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  localStorage.clear()
  vi.restoreAllMocks()
})
afterAll(() => server.close())

const AUTHORIZE = 'https://github.test/login/oauth/authorize?client_id=Iv1.test'
const INSTALL = 'https://github.test/apps/supaboard/installations/new'

const org = (role: OrganizationRole): Organization => ({
  id: 7,
  name: 'Acme',
  slug: 'acme',
  billing_email: 'Unknown',
  managed_by: 'supabase',
  plan: { id: 'team', name: 'Team' },
  restriction_status: null,
  restriction_data: null,
  is_owner: role === 'Owner',
  role,
})

const connection = (id: number, login: string): GithubConnection => ({
  id,
  github_account_id: String(1000 + id),
  github_login: login,
  github_avatar_url: null,
  connected_by: 'ada',
  created_at: '2030-01-02T00:00:00Z',
  updated_at: '2030-01-02T00:00:00Z',
})

function platform({ role, configured = true, connections = [] as GithubConnection[][] }: { role: OrganizationRole; configured?: boolean; connections?: GithubConnection[][] }) {
  let listCalls = 0
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/integrations/github', () =>
      HttpResponse.json(configured ? { configured: true, authorize_url: AUTHORIZE, install_url: INSTALL } : { configured: false, authorize_url: null, install_url: null })
    ),
    http.get('*/api/platform/organizations/acme/integrations/github/connections', () => HttpResponse.json(connections[Math.min(listCalls++, connections.length - 1)] ?? []))
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GitHubIntegration org={org(role)} />
      <Toaster />
    </QueryClientProvider>
  )
}

it('says how to configure the app when the server has none', async () => {
  platform({ role: 'Owner', configured: false })
  expect(await screen.findByText('The GitHub app is not configured on this server')).toBeInTheDocument()
  expect(screen.getByText('GITHUB_APP_CLIENT_ID')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Connect GitHub' })).toBeNull()
})

it('opens GitHub in a 600 × 800 pop-up with a fresh state, and refreshes the list when the pop-up is done', async () => {
  const user = userEvent.setup()
  const popup = { focus: vi.fn() } as unknown as Window
  const open = vi.spyOn(window, 'open').mockReturnValue(popup)
  platform({ role: 'Admin', connections: [[], [connection(1, 'octocat')]] })
  expect(await screen.findByText('No GitHub account connected')).toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Connect GitHub' }))
  const stored = JSON.parse(localStorage.getItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)!)
  expect(stored).toMatchObject({ slug: 'acme' })
  expect(stored.state).toMatch(/^[A-Za-z]{32}$/)
  const [url, name, features] = open.mock.calls[0]
  const page = new URL(String(url))
  expect(page.origin + page.pathname).toBe('https://github.test/login/oauth/authorize')
  expect(Object.fromEntries(page.searchParams)).toEqual({ client_id: 'Iv1.test', state: stored.state, redirect_uri: `${window.location.origin}/integrations/github/authorize` })
  expect(name).toBe('github-app')
  expect(features).toContain('width=600,height=800')

  // The pop-up's callback page ends the state: this window hears it and refreshes.
  act(() => {
    localStorage.removeItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)
    window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE, oldValue: JSON.stringify(stored), newValue: null }))
  })
  expect(await screen.findByText('@octocat')).toBeInTheDocument()
})

it('installing goes to the app’s install page with its own state; a blocked pop-up is said and forgotten', async () => {
  const user = userEvent.setup()
  const open = vi.spyOn(window, 'open').mockReturnValueOnce({ focus: vi.fn() } as unknown as Window).mockReturnValueOnce(null)
  platform({ role: 'Owner' })
  await user.click(await screen.findByRole('button', { name: 'Install on GitHub' }))
  const installState = JSON.parse(localStorage.getItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)!).state
  expect(String(open.mock.calls[0][0])).toBe(`${INSTALL}?state=${installState}`)

  await user.click(screen.getByRole('button', { name: 'Connect GitHub' }))
  expect(await screen.findByText(POPUP_BLOCKED)).toBeInTheDocument()
  expect(localStorage.getItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)).toBeNull()
})

it('a Developer sees the connections but cannot connect or disconnect', async () => {
  platform({ role: 'Developer', connections: [[connection(1, 'octocat')]] })
  const list = await screen.findByRole('list', { name: 'Connected GitHub accounts' })
  expect(within(list).getByText('@octocat')).toBeInTheDocument()
  expect(within(list).getByText(/by ada/)).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Connect GitHub' })).toBeNull()
  expect(screen.queryByRole('button', { name: 'Disconnect' })).toBeNull()
  expect(screen.getByText(/Only Owners and Admins/)).toBeInTheDocument()
})

it('an Owner disconnects after confirming', async () => {
  const user = userEvent.setup()
  const deleted: string[] = []
  server.use(
    http.delete('*/api/platform/organizations/acme/integrations/github/connections/:id', ({ params }) => {
      deleted.push(String(params.id))
      return HttpResponse.json({ id: Number(params.id), deleted: true })
    })
  )
  platform({ role: 'Owner', connections: [[connection(3, 'hubot')], []] })
  await user.click(await screen.findByRole('button', { name: 'Disconnect' }))
  const dialog = await screen.findByRole('dialog', { name: 'Disconnect @hubot' })
  await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }))
  expect(await screen.findByText('No GitHub account connected')).toBeInTheDocument()
  expect(deleted).toEqual(['3'])
})

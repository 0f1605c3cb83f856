// @vitest-environment happy-dom
/**
 * The pop-up's callback page against an MSW-mocked platform: the code is posted only when the
 * returned state is the one this browser stored, the state is used once, and GitHub's refusal or
 * a forged return is said without posting anything.
 */
import { vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/data/query-client'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { startAuthorization } from '@/lib/github-app/state'
import { mockedPlatform, runtimeConfig } from '@/tests/helpers/mocked-platform'
import { withRouter } from '@/tests/helpers/router'
import { sessionWithToken, withAuth } from '@/tests/helpers/auth'
import { GitHubAuthorizeCallback } from './GitHubAuthorizeCallback'

const router = { isReady: true, query: {} as Record<string, string>, replace: vi.fn(), push: vi.fn(), asPath: '/', pathname: '/integrations/github/authorize' }
const server = mockedPlatform()
afterEach(() => localStorage.clear())

function renderPage(query: Record<string, string>) {
  router.query = query
  const posted: unknown[] = []
  server.use(
    runtimeConfig(),
    http.post('*/api/platform/organizations/:slug/integrations/github/connections', async ({ request, params }) => {
      posted.push({ slug: params.slug, body: await request.json() })
      return HttpResponse.json(
        { id: 1, github_account_id: '42', github_login: 'octocat', github_avatar_url: null, connected_by: 'ada', created_at: '2030-01-01T00:00:00Z', updated_at: '2030-01-01T00:00:00Z' },
        { status: 201 }
      )
    })
  )
  render(
    withRouter(
      router,
      withAuth(
        { session: sessionWithToken('t') },
        <QueryClientProvider client={createQueryClient()}>
          <GitHubAuthorizeCallback />
        </QueryClientProvider>
      )
    )
  )
  return posted
}

const stored = () => localStorage.getItem(LOCAL_STORAGE_KEYS.GITHUB_AUTHORIZATION_STATE)

it('posts the code for the organization that started it, then ends the state', async () => {
  const { state } = startAuthorization('acme')
  const posted = renderPage({ code: 'c0de', state })
  expect(await screen.findByText('@octocat is now connected to the organization. You can close this window.')).toBeInTheDocument()
  expect(posted).toEqual([{ slug: 'acme', body: { code: 'c0de', redirect_uri: `${window.location.origin}/integrations/github/authorize` } }])
  expect(stored()).toBeNull()
  expect(screen.getByRole('link', { name: 'Back to the integrations' })).toHaveAttribute('href', '/org/acme/integrations')
})

it('refuses a state this browser did not start, posts nothing, and keeps the pending one', async () => {
  startAuthorization('acme')
  const before = stored()
  const posted = renderPage({ code: 'c0de', state: 'X'.repeat(32) })
  expect(await screen.findByText(/GitHub sent back a different request than the one started here/)).toBeInTheDocument()
  expect(posted).toEqual([])
  expect(stored()).toBe(before)
})

it('refuses a return when nothing was started', async () => {
  const posted = renderPage({ code: 'c0de', state: 'X'.repeat(32) })
  expect(await screen.findByText(/This browser did not start a GitHub connection/)).toBeInTheDocument()
  expect(posted).toEqual([])
})

it('says GitHub refused, and ends the state', async () => {
  const { state } = startAuthorization('acme')
  const posted = renderPage({ error: 'access_denied', error_description: 'The user has denied your application access.', state })
  expect(await screen.findByText('GitHub did not authorize the app: The user has denied your application access.')).toBeInTheDocument()
  expect(posted).toEqual([])
  expect(stored()).toBeNull()
})

it('an installation without a code says how to finish', async () => {
  const { state } = startAuthorization('acme')
  const posted = renderPage({ installation_id: '99', setup_action: 'install', state })
  expect(await screen.findByText('App installed on GitHub')).toBeInTheDocument()
  expect(posted).toEqual([])
  expect(stored()).toBeNull()
})

// @vitest-environment happy-dom
/**
 * /join against an MSW-mocked platform: the invitation's organization and role before anything
 * is decided; Accept lands on the organization; Decline says so; an invitation for another
 * address offers to switch account and come back to the same link; a spent one says why.
 */
import { vi } from 'vitest'
import type { ReactNode } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/data/query-client'
import { useProjectsQuery } from '@/data/projects/projects-query'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { withRouter } from '@/tests/helpers/router'
import { withAuth } from '@/tests/helpers/auth'
import { JoinInvitation } from './JoinInvitation'

const TOKEN = 'Tk_0123456789abcdefghijklmnop-XYZ'
const router = { replace: vi.fn(async () => true), push: vi.fn(async () => true), asPath: '/join', pathname: '/join', query: {} }
const signOut = vi.fn(async () => undefined)
const server = mockedPlatform()
afterEach(() => vi.clearAllMocks())

const preview = { organization_name: 'Acme', organization_slug: 'acme', role: 'Developer', email: 'ada@example.com', invited_by: 'grace', expires_at: '2030-01-01T00:00:00Z' }
const organization = {
  id: 7,
  name: 'Acme',
  slug: 'acme',
  billing_email: 'Unknown',
  managed_by: 'supabase',
  plan: { id: 'free', name: 'Free' },
  restriction_status: null,
  restriction_data: null,
  is_owner: false,
  role: 'Developer',
}

function renderJoin(token: string | undefined = TOKEN, beside?: ReactNode) {
  server.use(
    http.get('*/api/platform/profile', () => HttpResponse.json({ id: 1, gotrue_id: 'u', auth0_id: 'u', username: 'bob', primary_email: 'bob@example.com', first_name: null, last_name: null, disabled_features: [], is_alpha_user: false })),
    http.get('*/api/platform/organizations', () => HttpResponse.json([])),
    http.get('*/api/platform/profile/permissions', () => HttpResponse.json([]))
  )
  return render(
    withRouter(
      router,
      withAuth(
        { signOut },
        <QueryClientProvider client={createQueryClient()}>
          <JoinInvitation token={token} />
          {beside}
        </QueryClientProvider>
      )
    )
  )
}

it('shows the organization and role, and Accept lands on the organization', async () => {
  const user = userEvent.setup()
  const accepted: string[] = []
  server.use(
    http.get(`*/api/platform/invitations/${TOKEN}`, () => HttpResponse.json(preview)),
    http.post(`*/api/platform/organizations/acme/members/invitations/${TOKEN}`, ({ request }) => {
      accepted.push(new URL(request.url).pathname)
      return HttpResponse.json(organization)
    })
  )
  renderJoin()
  expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument()
  expect(screen.getByText('Developer')).toBeInTheDocument()
  expect(screen.getByText(/grace invited you \(ada@example.com\)/)).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Accept invitation' }))
  await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/acme'))
  expect(accepted).toHaveLength(1)
})

/** The project list as any page shows it (the organization page reads the same query). */
function ProjectNames() {
  const { data } = useProjectsQuery()
  return <p>{data?.length ? data.map((p) => p.name).join(', ') : 'No projects'}</p>
}

it("after Accept the organization's projects are fetched again, not the list cached before joining", async () => {
  const user = userEvent.setup()
  let joined = false
  server.use(
    http.get(`*/api/platform/invitations/${TOKEN}`, () => HttpResponse.json(preview)),
    http.get('*/api/platform/projects', () => HttpResponse.json(joined ? [{ id: 1, ref: 'abcdefghijklmnopqrst', name: 'Acme app', organization_id: 7 }] : [])),
    http.post(`*/api/platform/organizations/acme/members/invitations/${TOKEN}`, () => {
      joined = true
      return HttpResponse.json(organization)
    })
  )
  renderJoin(TOKEN, <ProjectNames />)
  expect(await screen.findByText('No projects')).toBeInTheDocument()
  await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
  await vi.waitFor(() => expect(router.push).toHaveBeenCalledWith('/org/acme'))
  // Already there when the organization page opens: the invalidation is awaited before going.
  expect(screen.getByText('Acme app')).toBeInTheDocument()
})

it('Decline says so and does not join', async () => {
  const user = userEvent.setup()
  server.use(
    http.get(`*/api/platform/invitations/${TOKEN}`, () => HttpResponse.json(preview)),
    http.post(`*/api/platform/organizations/acme/members/invitations/${TOKEN}/decline`, () => HttpResponse.json({ declined: true }))
  )
  renderJoin()
  await user.click(await screen.findByRole('button', { name: 'Decline' }))
  expect(await screen.findByText('Invitation declined')).toBeInTheDocument()
  expect(router.push).not.toHaveBeenCalled()
})

it('an invitation for another address offers to switch account and come back here', async () => {
  const user = userEvent.setup()
  server.use(
    http.get(`*/api/platform/invitations/${TOKEN}`, () =>
      HttpResponse.json({ code: 403, message: 'This invitation was sent to a different email address. Sign in with that address to answer it.', requestId: 'r' }, { status: 403 })
    )
  )
  renderJoin()
  expect(await screen.findByText('This invitation is for someone else')).toBeInTheDocument()
  expect(await screen.findByText(/You are signed in as bob@example.com/)).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Sign in with another account' }))
  expect(signOut).toHaveBeenCalled()
  expect(router.replace).toHaveBeenCalledWith({ pathname: '/sign-in', query: { returnTo: `/join?token=${TOKEN}` } })
})

it('a spent invitation says why', async () => {
  server.use(
    http.get(`*/api/platform/invitations/${TOKEN}`, () =>
      HttpResponse.json({ code: 410, message: 'This invitation has already been used.', requestId: 'r' }, { status: 410 })
    )
  )
  renderJoin()
  expect(await screen.findByText('This invitation cannot be used')).toBeInTheDocument()
  expect(screen.getByText('This invitation has already been used.')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Go to your projects' })).toHaveAttribute('href', '/projects')
})

it('a broken link asks nothing of the platform', async () => {
  renderJoin('../../etc')
  expect(screen.getByText('This invitation link is not complete')).toBeInTheDocument()
})

// @vitest-environment happy-dom
/**
 * The profile load of SPEC §4/§8 against an MSW-mocked platform: a missing profile is created and
 * profile, organizations and permissions are fetched again; a 401 signs out and goes to /sign-in.
 */
import { vi } from 'vitest'
import { render, screen, waitFor } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { createQueryClient } from '@/data/query-client'
import { useProfileBootstrap } from '@/components/auth/useProfileBootstrap'
import { useOrganizationsQuery } from '@/data/organizations/organizations-query'
import { usePermissionsQuery } from '@/data/profile/permissions-query'
import { mockedPlatform } from '@/tests/helpers/mocked-platform'
import { withRouter } from '@/tests/helpers/router'
import { withAuth } from '@/tests/helpers/auth'

const router = { replace: vi.fn(async () => true), push: vi.fn(async () => true), asPath: '/projects', pathname: '/projects', query: {} }
const signOut = vi.fn(async () => undefined)
const server = mockedPlatform()
afterEach(() => vi.clearAllMocks())

function Probe() {
  const { profile, isLoading } = useProfileBootstrap({ enabled: true })
  // Fetched from the start: before the profile exists they fail, so only the refresh that
  // follows the creation can bring them in.
  useOrganizationsQuery()
  usePermissionsQuery()
  return <div>{isLoading ? 'loading' : profile ? `hello ${profile.username}` : 'none'}</div>
}

const renderProbe = (probe = <Probe />) =>
  render(
    withRouter(
      router,
      withAuth(
        { signOut },
        <QueryClientProvider client={createQueryClient()}>{probe}</QueryClientProvider>
      )
    )
  )

it('creates a missing profile, then refreshes profile, organizations and permissions', async () => {
  let created = false
  const calls: string[] = []
  server.use(
    http.get('*/api/platform/profile', () => {
      calls.push('GET profile')
      return created
        ? HttpResponse.json({ id: 1, username: 'ada', primary_email: 'ada@example.com', disabled_features: [] })
        : HttpResponse.json({ code: 404, message: "User's profile not found" }, { status: 404 })
    }),
    http.post('*/api/platform/profile', () => {
      calls.push('POST profile')
      created = true
      return HttpResponse.json({ id: 1, username: 'ada' }, { status: 201 })
    }),
    http.get('*/api/platform/organizations', () => {
      calls.push('GET organizations')
      return created ? HttpResponse.json([]) : HttpResponse.json({ code: 404, message: "User's profile not found" }, { status: 404 })
    }),
    http.get('*/api/platform/profile/permissions', () => {
      calls.push('GET permissions')
      return created ? HttpResponse.json([]) : HttpResponse.json({ code: 404, message: "User's profile not found" }, { status: 404 })
    })
  )
  renderProbe()
  expect(await screen.findByText('hello ada')).toBeInTheDocument()
  const afterCreate = () => calls.slice(calls.indexOf('POST profile') + 1)
  await waitFor(() => expect(afterCreate()).toEqual(expect.arrayContaining(['GET profile', 'GET organizations', 'GET permissions'])))
  expect(calls.filter((c) => c === 'POST profile')).toHaveLength(1)
})

it('signs out and goes to /sign-in on a 401', async () => {
  const expired = () => HttpResponse.json({ code: 401, message: 'expired' }, { status: 401 })
  server.use(
    http.get('*/api/platform/profile', expired),
    http.get('*/api/platform/organizations', expired),
    http.get('*/api/platform/profile/permissions', expired)
  )
  renderProbe()
  await waitFor(() => expect(router.replace).toHaveBeenCalledWith('/sign-in'))
  expect(signOut).toHaveBeenCalledTimes(1)
})

it('says so when the profile cannot be created', async () => {
  server.use(
    http.get('*/api/platform/profile', () => HttpResponse.json({ code: 404, message: "User's profile not found" }, { status: 404 })),
    http.post('*/api/platform/profile', () => HttpResponse.json({ code: 400, message: 'nope' }, { status: 400 }))
  )
  function FailureProbe() {
    const { createFailed } = useProfileBootstrap({ enabled: true })
    return <div>{createFailed ? 'Failed to create your profile. Please refresh to try again.' : 'working'}</div>
  }
  renderProbe(<FailureProbe />)
  expect(await screen.findByText('Failed to create your profile. Please refresh to try again.')).toBeInTheDocument()
})

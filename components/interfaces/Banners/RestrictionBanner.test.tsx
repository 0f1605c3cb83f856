// @vitest-environment happy-dom
/**
 * The restriction banner against an MSW-mocked platform: shown for the page's organization with
 * SPEC's sentence and a link to its billing page; nothing for an unrestricted organization or a
 * user without a profile.
 */
import { vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { Organization } from '@/lib/api-types'
import { RestrictionBanner } from './RestrictionBanner'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const org = (slug: string, restriction: Pick<Organization, 'restriction_status' | 'restriction_data'>): Organization => ({
  id: slug.length,
  name: slug,
  slug,
  billing_email: 'Unknown',
  managed_by: 'supabase',
  plan: { id: 'free', name: 'Free' },
  is_owner: true,
  role: 'Owner',
  ...restriction,
})

const served: string[] = []
server.events.on('response:mocked', ({ request }) => void served.push(new URL(request.url).pathname))
afterEach(() => {
  served.length = 0
})

function renderBanner(slug: string, { profile = true } = {}) {
  server.use(
    http.get('*/api/platform/profile', () =>
      profile ? HttpResponse.json({ id: 1, gotrue_id: 'u', username: 'me', primary_email: 'me@example.com' }) : HttpResponse.json({ message: "User's profile not found" }, { status: 404 })
    ),
    http.get('*/api/platform/organizations', () =>
      HttpResponse.json([
        org('grace', { restriction_status: 'grace_period', restriction_data: { grace_period_end: '2026-12-01T10:00:00Z' } }),
        org('over', { restriction_status: 'restricted', restriction_data: { grace_period_end: '2026-11-01T10:00:00Z' } }),
        org('fine', { restriction_status: null, restriction_data: null }),
      ])
    )
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <RestrictionBanner slug={slug} />
    </QueryClientProvider>
  )
}

it('grace period: the sentence with the date as DD MMM, YYYY and a link to billing', async () => {
  renderBanner('grace')
  const banner = await screen.findByTestId('restriction-banner')
  expect(banner).toHaveTextContent('Your organization has exceeded its quota. You are given a grace period until 01 Dec, 2026')
  expect(screen.getByRole('link', { name: 'More information' })).toHaveAttribute('href', '/org/grace/billing')
})

it('restricted: its own sentence, as an alert', async () => {
  renderBanner('over')
  expect(await screen.findByRole('alert')).toHaveTextContent('Your project is unable to serve any requests as your organization has used up its quota.')
})

it('nothing for an organization without a restriction, or for a user without a profile', async () => {
  const { unmount } = renderBanner('fine')
  await vi.waitFor(() => expect(served).toContain('/api/platform/organizations'))
  await new Promise((r) => setTimeout(r, 0))
  expect(screen.queryByTestId('restriction-banner')).not.toBeInTheDocument()
  unmount()
  served.length = 0
  renderBanner('over', { profile: false })
  await vi.waitFor(() => expect(served).toContain('/api/platform/profile'))
  await new Promise((r) => setTimeout(r, 0))
  expect(screen.queryByTestId('restriction-banner')).not.toBeInTheDocument()
  // Without a profile the organizations are not even asked for.
  expect(served).not.toContain('/api/platform/organizations')
})

// @vitest-environment happy-dom
/**
 * The invite form against an MSW-mocked platform: the roles it offers follow the plan (Read-only
 * on Team and Enterprise only) and the caller (Owner to Owners only); a bad address is caught
 * before anything is sent; the new invitation's link is shown; a refusal is shown as it came.
 */

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Organization, type OrganizationRole, type PlanId } from '@/lib/api-types'
import { InviteMemberForm } from './InviteMemberForm'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function org(plan: PlanId, role: OrganizationRole): Organization {
  return {
    id: 7,
    name: 'Acme',
    slug: 'acme',
    billing_email: 'Unknown',
    managed_by: 'supabase',
    plan: { id: plan, name: plan },
    restriction_status: null,
    restriction_data: null,
    is_owner: role === 'Owner',
    role,
  }
}

function renderForm(organization: Organization) {
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([
        { organization_id: 7, organization_slug: 'acme', actions: actionsOf(organization.role), resources: ['*'], condition: null, restrictive: false },
      ])
    )
  )
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <InviteMemberForm org={organization} origin="https://dash.example.com" />
    </QueryClientProvider>
  )
}

const offeredRoles = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .filter((o) => !(o as HTMLOptionElement).disabled)
    .map((o) => o.textContent)

it('offers Owner, Admin and Developer on the Free plan, and says where Read-only is', async () => {
  renderForm(org('free', 'Owner'))
  const role = await screen.findByLabelText('Role')
  expect(offeredRoles(role)).toEqual(['Owner', 'Admin', 'Developer'])
  expect(screen.getByText('The Read-only role is available on the Team and Enterprise plans.')).toBeInTheDocument()
})

it('offers Read-only on the Team plan, and Owner only to an Owner', async () => {
  renderForm(org('team', 'Admin'))
  const role = await screen.findByLabelText('Role')
  expect(offeredRoles(role)).toEqual(['Admin', 'Developer', 'Read-only'])
  expect(within(role).getByRole('option', { name: 'Owner' })).toBeDisabled()
})

it('checks the address first, then sends the invitation and shows its link', async () => {
  const user = userEvent.setup()
  const bodies: unknown[] = []
  server.use(
    http.post('*/api/platform/organizations/acme/members/invitations', async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json(
        {
          id: 1,
          email: 'ada@example.com',
          role: 'Read-only',
          token: 'tok_abcdefghijklmnopqrstuvwxyz',
          invited_by: 'owner',
          created_at: '2025-01-01T00:00:00Z',
          expires_at: '2025-01-08T00:00:00Z',
          status: 'pending',
        },
        { status: 201 }
      )
    })
  )
  renderForm(org('enterprise', 'Owner'))
  await user.type(await screen.findByLabelText('Email'), 'not an email')
  await user.click(screen.getByRole('button', { name: 'Send invitation' }))
  expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
  expect(bodies).toEqual([])

  await user.clear(screen.getByLabelText('Email'))
  await user.type(screen.getByLabelText('Email'), ' ada@example.com ')
  await user.selectOptions(screen.getByLabelText('Role'), 'Read-only')
  await user.click(screen.getByRole('button', { name: 'Send invitation' }))
  expect(await screen.findByText('Invitation for ada@example.com (Read-only)')).toBeInTheDocument()
  expect(bodies).toEqual([{ email: 'ada@example.com', role: 'Read-only' }])
  expect(screen.getByText(/https:\/\/dash\.example\.com\/join\?token=tok_abcdefghijklmnopqrstuvwxyz/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Copy invitation link' })).toBeInTheDocument()
})

it("shows the platform's refusal", async () => {
  const user = userEvent.setup()
  server.use(
    http.post('*/api/platform/organizations/acme/members/invitations', () =>
      HttpResponse.json({ code: 409, message: 'ada@example.com already has a pending invitation. Revoke it to send a new one.', requestId: 'r1' }, { status: 409 })
    )
  )
  renderForm(org('pro', 'Admin'))
  await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
  await user.click(screen.getByRole('button', { name: 'Send invitation' }))
  expect(await screen.findByText('ada@example.com already has a pending invitation. Revoke it to send a new one.')).toBeInTheDocument()
})

it('is not there for a role that cannot invite', async () => {
  const { container } = renderForm(org('team', 'Developer'))
  // Wait until permissions are in, then the form stays absent.
  await waitFor(() => expect(container).toBeEmptyDOMElement())
  expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument()
})

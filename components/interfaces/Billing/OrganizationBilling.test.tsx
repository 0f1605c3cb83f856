// @vitest-environment happy-dom
/**
 * The billing page against an MSW-mocked platform: the plan section and the usage bars from the
 * platform's answers; the plan change (the preview before anything is confirmed, a refusal that
 * cannot be confirmed, the PUT with the chosen tier); a Developer's read-only page; the tax id
 * form's own check and the platform's refusal.
 */
import { vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'

// jsdom lays nothing out, so recharts would draw nothing: the chart stands in as its caption.
vi.mock('./UsageChart', () => ({
  UsageChart: ({ name, daily }: { name: string; daily: unknown[] }) => <figure aria-label={`${name} per day`}>{daily.length} days</figure>,
}))

import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Organization, type OrganizationRole, type PlanTier, type Subscription, type SubscriptionPreview, type UsageAnswer } from '@/lib/api-types'
import { ENTERPRISE_CONTACT_HREF } from '@/lib/billing/plan-cards'
import { GB } from '@/lib/billing/plan-table'
import { taxIdProblem } from '@/lib/billing/tax-ids'
import {
  acmeOrganization,
  paymentMethodFixture,
  plansFixture,
  refusedPreviewFixture,
  subscriptionFixture,
  taxIdsFixture,
  upgradePreviewFixture,
  usageFixture,
} from './billing.fixtures'
import { OrganizationBilling } from './OrganizationBilling'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
})
afterAll(() => server.close())

const API = '*/api/platform/organizations/acme'

function renderBilling(
  role: OrganizationRole,
  { previews = {}, subscription = subscriptionFixture, usage = usageFixture }: { previews?: Partial<Record<PlanTier, SubscriptionPreview>>; subscription?: Subscription; usage?: UsageAnswer } = {}
) {
  const org: Organization = { ...acmeOrganization, role, is_owner: role === 'Owner' }
  const sent = { previews: [] as unknown[], updates: [] as unknown[] }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/plans', () => HttpResponse.json(plansFixture)),
    http.get(`${API}/billing/subscription`, () => HttpResponse.json(subscription)),
    http.get(`${API}/usage`, () => HttpResponse.json(usage)),
    http.get(`${API}/tax-ids`, () => HttpResponse.json(taxIdsFixture)),
    http.get(`${API}/payment-methods`, () => HttpResponse.json(paymentMethodFixture)),
    http.get('*/api/platform/organizations', () => HttpResponse.json([org])),
    http.post(`${API}/billing/subscription/preview`, async ({ request }) => {
      const body = (await request.json()) as { tier: PlanTier }
      sent.previews.push(body)
      const preview = previews[body.tier]
      return preview ? HttpResponse.json(preview) : HttpResponse.json({ code: 500, message: 'no preview in this test' }, { status: 500 })
    }),
    http.put(`${API}/billing/subscription`, async ({ request }) => {
      const body = (await request.json()) as { tier: PlanTier }
      sent.updates.push(body)
      return HttpResponse.json({ ...subscriptionFixture, tier: body.tier, plan: { id: 'team', name: 'Team' }, spend_cap: false, price_monthly: 599 })
    })
  )
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OrganizationBilling org={org} />
    </QueryClientProvider>
  )
  return sent
}

it('shows the plan, its period and price, and each metric against its quota', async () => {
  renderBilling('Owner')
  const plan = await screen.findByRole('region', { name: 'Subscription plan' })
  expect(await within(plan).findByText('Pro plan')).toBeInTheDocument()
  expect(within(plan).getByText('Spend cap on')).toBeInTheDocument()
  expect(within(plan).getByText('1 Nov – 30 Nov 2026')).toBeInTheDocument()
  expect(within(plan).getByText('$25.00 / month')).toBeInTheDocument()

  // Egress: 300 GB of 250 GB is over; monthly active users far below; database size near the quota.
  const egress = await screen.findByRole('progressbar', { name: 'Egress usage' })
  expect(egress).toHaveAttribute('aria-valuemax', String(250 * GB))
  expect(egress).toHaveAttribute('aria-valuetext', '300 GB of 250 GB')
  expect(egress).toHaveAttribute('data-level', 'over')
  expect(screen.getByRole('progressbar', { name: 'Monthly active users usage' })).toHaveAttribute('data-level', 'ok')
  expect(screen.getByRole('progressbar', { name: 'Database size usage' })).toHaveAttribute('data-level', 'warning')
  // No bar where nothing limits: active projects on Pro.
  expect(screen.queryByRole('progressbar', { name: 'Active projects usage' })).not.toBeInTheDocument()
  expect(screen.getByText('2 (no limit)')).toBeInTheDocument()
  // A daily chart for each measured metric: every one is.
  expect(screen.getByRole('figure', { name: 'Egress per day' })).toHaveTextContent('15 days')
  expect(screen.getByRole('figure', { name: 'Realtime messages per day' })).toBeInTheDocument()
  expect(screen.getAllByRole('figure')).toHaveLength(10)
  expect(screen.queryByRole('list', { name: 'Not offered yet' })).not.toBeInTheDocument()
  expect(within(screen.getByRole('list', { name: 'Database size per project' })).getByText('Alpha')).toBeInTheDocument()

  // Costs: so far and projected, from the usage answer; only billed usage has a line.
  const costs = screen.getByRole('table', { name: 'Cost of the period so far and projected' })
  const rows = within(costs).getAllByRole('row').map((row) => row.textContent)
  expect(rows).toEqual([
    'ItemSo farProjected',
    'Pro plan$25.00$25.00',
    'Compute hours720 hours used · $0.01344 per hour$9.68$19.35',
    'Compute credits−$9.68−$10.00',
    'Total$25.00$34.35',
  ])
  expect(screen.getByRole('link', { name: 'Daily usage' })).toHaveAttribute('href', '/org/acme/usage')
  expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/org/acme/invoices')
})

it('says when the organization is in a grace period, what is over and what to do', async () => {
  const restriction = { restriction_status: 'grace_period' as const, restriction_data: { grace_period_end: '2026-11-22T12:00:00.000Z' } }
  renderBilling('Owner', {
    subscription: { ...subscriptionFixture, ...restriction },
    usage: { ...usageFixture, ...restriction, quota_note: 'Egress: 300 GB of the 250 GB the Pro plan includes.' },
  })
  const plan = await screen.findByRole('region', { name: 'Subscription plan' })
  expect(await within(plan).findByText('Your organization has exceeded its quota. You are given a grace period until 22 Nov, 2026')).toBeInTheDocument()
  expect(await within(plan).findByText('Egress: 300 GB of the 250 GB the Pro plan includes.')).toBeInTheDocument()
})

it('previews a change before it can be confirmed, then sends it', async () => {
  const user = userEvent.setup()
  const sent = renderBilling('Admin', { previews: { tier_team: upgradePreviewFixture } })
  await user.click(await screen.findByRole('button', { name: 'Change plan' }))
  const dialog = await screen.findByRole('dialog', { name: 'Change plan' })
  // Nothing is previewed or changed by opening the plans.
  expect(within(dialog).getByRole('button', { name: 'Current plan' })).toBeDisabled()
  expect(within(dialog).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', ENTERPRISE_CONTACT_HREF)
  expect(sent.previews).toEqual([])

  await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Team' }))
  const review = await screen.findByRole('dialog', { name: 'Change to Team' })
  expect(await within(review).findByText('$639.85')).toBeInTheDocument()
  expect(within(review).getByText('The Read-only role becomes available.')).toBeInTheDocument()
  expect(sent.previews).toEqual([{ tier: 'tier_team' }])
  expect(sent.updates).toEqual([])

  await user.click(within(review).getByRole('button', { name: 'Confirm change' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  expect(sent.updates).toEqual([{ tier: 'tier_team' }])
  expect(toasts.success).toEqual(['Acme is now on the Team plan'])
})

it('offers pay as you go through the spend cap of the Pro card', async () => {
  const user = userEvent.setup()
  const payg: SubscriptionPreview = { ...upgradePreviewFixture, target: { tier: 'tier_payg', plan: { id: 'pro', name: 'Pro' }, price_monthly: 25 } }
  const sent = renderBilling('Owner', { previews: { tier_payg: payg } })
  await user.click(await screen.findByRole('button', { name: 'Change plan' }))
  const dialog = await screen.findByRole('dialog', { name: 'Change plan' })
  await user.click(within(dialog).getByRole('switch', { name: 'Spend cap' }))
  await user.click(within(dialog).getByRole('button', { name: 'Upgrade to Pro (pay as you go)' }))
  await screen.findByRole('dialog', { name: 'Change to Pro (pay as you go)' })
  await waitFor(() => expect(sent.previews).toEqual([{ tier: 'tier_payg' }]))
})

it('shows why a change is refused and does not let it be confirmed', async () => {
  const user = userEvent.setup()
  const sent = renderBilling('Owner', { previews: { tier_free: refusedPreviewFixture } })
  await user.click(await screen.findByRole('button', { name: 'Change plan' }))
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Downgrade to Free' }))
  const review = await screen.findByRole('dialog', { name: 'Change to Free' })
  expect(await within(review).findByText(refusedPreviewFixture.refusal!)).toBeInTheDocument()
  expect(within(review).getByRole('button', { name: 'Confirm change' })).toBeDisabled()
  expect(sent.updates).toEqual([])

  // Back to the plans, where another choice can be made.
  await user.click(within(review).getByRole('button', { name: 'Back' }))
  expect(await screen.findByRole('dialog', { name: 'Change plan' })).toBeInTheDocument()
})

it('is read-only for a Developer: no plan change, no editing, and says who may', async () => {
  renderBilling('Developer')
  expect(await within(await screen.findByRole('region', { name: 'Subscription plan' })).findByText('Pro plan')).toBeInTheDocument()
  expect(screen.getByText('Only Owners and Admins can change the plan, billing email, tax ids and payment method.')).toBeInTheDocument()
  // The tax ids and the billing email are shown, without controls.
  expect(await screen.findByText('DE123456789')).toBeInTheDocument()
  expect(screen.getByText('billing@acme.test')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: 'Change plan' })).not.toBeInTheDocument()
  expect(screen.queryByRole('form', { name: 'Add a tax id' })).not.toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
  expect(screen.queryByRole('textbox', { name: 'Billing email' })).not.toBeInTheDocument()
  expect(screen.getByText('**** **** **** ****')).toBeInTheDocument()
})

it('checks a tax id before sending it, and shows what the platform says', async () => {
  const user = userEvent.setup()
  const bodies: unknown[] = []
  renderBilling('Owner')
  server.use(
    http.post(`${API}/tax-ids`, async ({ request }) => {
      bodies.push(await request.json())
      return HttpResponse.json({ code: 409, message: 'This tax id is already on the organization.', requestId: 'r1' }, { status: 409 })
    })
  )
  const form = await screen.findByRole('form', { name: 'Add a tax id' })
  await user.selectOptions(within(form).getByLabelText('Type'), 'us_ein')
  await user.click(within(form).getByRole('button', { name: 'Add tax id' }))
  const expected = taxIdProblem('us_ein', '', 'US')
  expect(expected).not.toBeNull()
  expect(within(form).getByText(expected!)).toBeInTheDocument()
  expect(within(form).getByLabelText('Value')).toHaveAttribute('aria-invalid', 'true')
  expect(bodies).toEqual([])

  await user.type(within(form).getByLabelText('Value'), ' 12-3456789 ')
  await user.click(within(form).getByRole('button', { name: 'Add tax id' }))
  expect(await within(form).findByText('This tax id is already on the organization.')).toBeInTheDocument()
  expect(bodies).toEqual([{ type: 'us_ein', value: '12-3456789', country: 'US' }])
})

it('removes a tax id only once confirmed', async () => {
  const user = userEvent.setup()
  const removed: unknown[] = []
  renderBilling('Owner')
  server.use(
    http.delete(`${API}/tax-ids`, async ({ request }) => {
      removed.push(await request.json())
      return HttpResponse.json({ id: 1, deleted: true })
    })
  )
  await user.click(await screen.findByRole('button', { name: 'Remove tax id DE123456789' }))
  const dialog = await screen.findByRole('dialog', { name: 'Remove tax id' })
  expect(removed).toEqual([])
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }))
  await waitFor(() => expect(removed).toEqual([{ id: 1 }]))
  expect(toasts.success).toEqual(['Tax id DE123456789 removed'])
})

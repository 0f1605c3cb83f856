// @vitest-environment happy-dom
/**
 * The audit log page against an MSW-mocked platform: entries in words, the date range sent as
 * date_start/date_end (the reader's days, the last one whole), an invalid range refused in the
 * form, the empty state, and the 403 of a Developer or Read-only member said once, without retries.
 */
import { vi } from 'vitest'
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import type { AuditEntry } from '@/lib/api-types'
import { acmeOrganization } from '@/components/interfaces/Billing/billing.fixtures'
import { AuditLogPage } from './AuditLogPage'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const owner = { id: 'u-1', email: 'owner@acme.test' }
const ENTRIES: AuditEntry[] = [
  { id: 3, occurred_at: '2026-11-14T16:20:05.000Z', action: 'subscription.changed', actor: owner, target: { type: 'subscription', id: 'acme', name: 'Acme' }, details: { from: 'tier_free', to: 'tier_pro' } },
  {
    id: 2,
    occurred_at: '2026-11-13T09:00:00.000Z',
    action: 'member.role_changed',
    actor: owner,
    target: { type: 'member', id: 'u-2', name: 'ana@example.com' },
    details: { email: 'ana@example.com', from: 'Developer', to: 'Admin' },
  },
  { id: 1, occurred_at: '2026-11-12T08:00:00.000Z', action: 'project.paused', actor: null, target: { type: 'project', id: 'abcdefghijklmnopqrst', name: 'Shop' }, details: {} },
]

/** The platform: the entries (or a status) for any range; records each query. */
function platform({ status = 200, entries = ENTRIES }: { status?: number; entries?: AuditEntry[] } = {}) {
  const asked: { date_start: string | null; date_end: string | null }[] = []
  server.use(
    http.get('*/api/platform/organizations/acme/audit', ({ request }) => {
      const url = new URL(request.url)
      const query = { date_start: url.searchParams.get('date_start'), date_end: url.searchParams.get('date_end') }
      asked.push(query)
      if (status === 403)
        return HttpResponse.json({ code: 403, message: 'Your role in this organization does not allow this.', requestId: 'r1' }, { status: 403 })
      return HttpResponse.json({ entries, date_start: query.date_start ?? '2026-11-08T12:00:00.000Z', date_end: query.date_end ?? '2026-11-15T12:00:00.000Z' })
    })
  )
  return { asked }
}

beforeEach(() => {
  // Only the clock: today is 15 November 2026 for the page.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(2026, 10, 15, 12, 0))
})
afterEach(() => vi.useRealTimers())

function renderPage() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditLogPage org={acmeOrganization} />
    </QueryClientProvider>
  )
}

const local = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString()

it('shows who did what, when and to what, newest first, for the last 7 days', async () => {
  const { asked } = platform()
  renderPage()
  const list = await screen.findByRole('list', { name: 'Audit log entries' })
  const items = within(list).getAllByRole('listitem')
  expect(items.map((item) => item.querySelector('p')!.textContent)).toEqual([
    'owner@acme.test changed the plan from Free to Pro',
    "owner@acme.test changed ana@example.com's role from Developer to Admin",
    'System paused project Shop',
  ])
  expect(within(items[2]).getByText('Project Shop')).toBeInTheDocument()
  const time = items[0].querySelector('time')!
  expect(time).toHaveAttribute('dateTime', '2026-11-14T16:20:05.000Z')
  expect(time.textContent).toMatch(/^14 Nov 2026, \d{2}:20:05 \([+-]\d{4}\)$/)

  expect(screen.getByLabelText('From')).toHaveValue('2026-11-08')
  expect(screen.getByLabelText('To')).toHaveValue('2026-11-15')
  // From the start of the first day to the end of the last, in the reader's time zone.
  expect(asked).toEqual([{ date_start: local(2026, 11, 8), date_end: local(2026, 11, 16) }])
})

it('sends the dates chosen, and refuses an end before the start without asking', async () => {
  const { asked } = platform()
  renderPage()
  await screen.findByRole('list', { name: 'Audit log entries' })

  fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } })
  await waitFor(() => expect(asked.at(-1)).toEqual({ date_start: local(2026, 10, 1), date_end: local(2026, 11, 16) }))

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-09-30' } })
  expect(screen.getByLabelText('To')).toHaveAccessibleDescription('The end date must be on or after the start date.')
  expect(screen.getByLabelText('To')).toBeInvalid()
  const before = asked.length
  // The last valid range stays shown; nothing is asked for the invalid one.
  expect(screen.getByRole('list', { name: 'Audit log entries' })).toBeInTheDocument()

  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-01' } })
  await waitFor(() => expect(asked.at(-1)).toEqual({ date_start: local(2026, 10, 1), date_end: local(2026, 10, 2) }))
  expect(asked.slice(before)).toHaveLength(1)
  expect(screen.getByLabelText('To')).not.toBeInvalid()
})

it('says when the period has no entries', async () => {
  platform({ entries: [] })
  renderPage()
  expect(await screen.findByText('No audit log entries in this period')).toBeInTheDocument()
})

it('tells a Developer or Read-only member who may read it, once', async () => {
  const { asked } = platform({ status: 403 })
  renderPage()
  // The page's own query client: were a 4xx retried, the message would wait for seconds of retries.
  expect(await screen.findByText('Only Owners and Administrators can see the audit log.')).toBeInTheDocument()
  expect(asked).toHaveLength(1)
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  expect(screen.queryByLabelText('From')).not.toBeInTheDocument()
})

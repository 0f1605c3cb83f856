// @vitest-environment happy-dom
/**
 * The usage page against an MSW-mocked platform: each metric of the answer with its figure against
 * the plan, its per-project breakdown and the ones not offered grouped at the end; the period kept
 * in the URL and sent as start/end; the empty and error states.
 */
import { vi } from 'vitest'

vi.hoisted(() => {
  // What recharts' ResponsiveContainer uses and jsdom lacks.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
})

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useSyncExternalStore } from 'react'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { withRouter } from '@/tests/helpers/router'
import type { UsageAnswer } from '@/lib/api-types'
import { GB } from '@/lib/billing/plan-table'
import { acmeOrganization, notOfferedMetric, usageFixture } from './billing.fixtures'
import { UsagePage } from './UsagePage'

/** A router whose query the page can change, re-rendering the page as Next's would. */
const router = (() => {
  const listeners = new Set<() => void>()
  const state = {
    pathname: '/org/[slug]/usage',
    query: { slug: 'acme' } as Record<string, string>,
    replace: vi.fn(async (url: { query: Record<string, string> }) => {
      state.query = url.query
      listeners.forEach((listener) => listener())
      return true
    }),
    subscribe: (listener: () => void) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
  return state
})()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** October 2026, with less egress than November. */
const octoberUsage: UsageAnswer = {
  ...usageFixture,
  period_start: '2026-10-01T00:00:00.000Z',
  period_end: '2026-11-01T00:00:00.000Z',
  metrics: usageFixture.metrics.map((m) => (m.metric === 'EGRESS' ? { ...m, usage: 42 * GB, daily: [{ date: '2026-10-01', value: 42 * GB }] } : m)),
}

/** The platform: answers October for 2026-10-01…2026-11-01, November otherwise; records each query. */
function platform({ fail = false, answer }: { fail?: boolean; answer?: UsageAnswer } = {}) {
  const asked: { start: string | null; end: string | null }[] = []
  server.use(
    http.get('*/api/platform/organizations/acme/usage', ({ request }) => {
      const url = new URL(request.url)
      const query = { start: url.searchParams.get('start'), end: url.searchParams.get('end') }
      asked.push(query)
      if (fail) return HttpResponse.json({ code: 500, message: 'The control plane did not answer.', requestId: 'r1' }, { status: 500 })
      return HttpResponse.json(answer ?? (query.start === '2026-10-01' && query.end === '2026-11-01' ? octoberUsage : usageFixture))
    })
  )
  return { asked }
}

beforeEach(() => {
  // Only the clock: the page's "now" is 15 November 2026, a minute after the last sample.
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-15T12:00:00Z'))
  router.query = { slug: 'acme' }
  router.replace.mockClear()
})
afterEach(() => vi.useRealTimers())

/** The page with the router's current query, rendered again when the page changes it. */
function RoutedUsagePage() {
  const query = useSyncExternalStore(router.subscribe, () => router.query)
  return withRouter({ ...router, query }, <UsagePage org={acmeOrganization} />)
}
const renderPage = () => renderWithQueries(<RoutedUsagePage />)

const card = (name: string) => screen.getByRole('region', { name })

it('shows each measured metric against the plan, per project', async () => {
  const { asked } = platform()
  renderPage()
  const database = await screen.findByRole('region', { name: 'Database size' })
  const figure = (region: HTMLElement, included: string) => within(region).getByText(included).closest('p')
  expect(figure(database, 'of 8 GB included')).toHaveTextContent(/^7\.2 GB of 8 GB included$/)
  expect(within(database).getByRole('meter', { name: 'Database size used of the included amount' })).toHaveAttribute('aria-valuetext', '7.2 GB of 8 GB')
  const perProject = within(database).getByRole('list', { name: 'Database size per project' })
  expect(within(perProject).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Alpha7.2 GB', 'Beta120 MB'])
  expect(within(database).getByRole('figure', { name: 'Database size per day' })).toBeInTheDocument()

  // Over the included amount: said in words, not only in colour.
  expect(figure(card('Egress'), 'of 250 GB included')).toHaveTextContent(/^300 GB of 250 GB included$/)
  expect(within(card('Egress')).getByText(/over the included amount/)).toBeInTheDocument()
  expect(figure(card('Active projects'), 'no limit on your plan')).toHaveTextContent(/^2 no limit on your plan$/)
  expect(figure(card('Compute hours'), 'none included')).toHaveTextContent(/^720 hours none included$/)
  expect(figure(card('Monthly active users'), 'of 100,000 included')).toHaveTextContent(/^1,200 of 100,000 included$/)

  expect(figure(card('Storage size'), 'of 100 GB included')).toHaveTextContent(/^12 GB of 100 GB included$/)
  expect(figure(card('Storage image transformations'), 'of 100 included')).toHaveTextContent(/^40 of 100 included$/)

  expect(figure(card('Edge function invocations'), 'of 2,000,000 included')).toHaveTextContent(/^45,000 of 2,000,000 included$/)
  expect(figure(card('Realtime messages'), 'of 5,000,000 included')).toHaveTextContent(/^150,000 of 5,000,000 included$/)
  expect(figure(card('Realtime peak connections'), 'of 500 included')).toHaveTextContent(/^30 of 500 included$/)
  // Every metric is measured: no list of what is not.
  expect(screen.queryByRole('region', { name: 'Not offered yet' })).not.toBeInTheDocument()

  expect(screen.getByText(/1 Nov – 30 Nov 2026/)).toBeInTheDocument()
  expect(screen.getByText('a minute ago')).toHaveAttribute('dateTime', '2026-11-15T11:59:00.000Z')
  // The current billing period is the platform's default: nothing is asked for.
  expect(asked).toEqual([{ start: null, end: null }])
})

it('keeps the chosen period in the URL and asks for its days', async () => {
  const { asked } = platform()
  const { user } = renderPage()
  await screen.findByRole('region', { name: 'Egress' })

  await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Previous billing period')
  expect(router.replace).toHaveBeenLastCalledWith({ pathname: '/org/[slug]/usage', query: { slug: 'acme', period: 'previous' } }, undefined, { shallow: true, scroll: false })
  await waitFor(() => expect(within(card('Egress')).getByText('of 250 GB included').closest('p')).toHaveTextContent(/^42 GB of/))
  expect(asked.at(-1)).toEqual({ start: '2026-10-01', end: '2026-11-01' })
  expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('previous')

  await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 7 days')
  await waitFor(() => expect(asked.at(-1)).toEqual({ start: '2026-11-09', end: '2026-11-16' }))

  // Back to the default: the parameter goes, the plain address shows it.
  await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Current billing period')
  expect(router.replace).toHaveBeenLastCalledWith({ pathname: '/org/[slug]/usage', query: { slug: 'acme' } }, undefined, { shallow: true, scroll: false })
})

it('opens on the period a shared address names', async () => {
  router.query = { slug: 'acme', period: 'last-30-days' }
  const { asked } = platform()
  renderPage()
  await screen.findByRole('region', { name: 'Egress' })
  expect(asked).toEqual([{ start: '2026-10-17', end: '2026-11-16' }])
  expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('last-30-days')
})

it("lists a metric the platform does not measure at the end, with its note, and no card", async () => {
  const peak = usageFixture.metrics.find((m) => m.metric === 'REALTIME_PEAK_CONNECTIONS')!
  platform({ answer: { ...usageFixture, metrics: [...usageFixture.metrics.filter((m) => m !== peak), notOfferedMetric(peak)] } })
  renderPage()
  const notOffered = await screen.findByRole('region', { name: 'Not offered yet' })
  expect(within(notOffered).getAllByRole('listitem').map((li) => li.textContent)).toEqual([expect.stringContaining('Realtime peak connections')])
  expect(screen.queryByRole('region', { name: 'Realtime peak connections' })).not.toBeInTheDocument()
})

it('says when nothing was used in the period', async () => {
  platform({ answer: { ...usageFixture, metrics: usageFixture.metrics.map((m) => ({ ...m, usage: 0, daily: m.daily.map((d) => ({ ...d, value: 0 })), projects: [] })) } })
  renderPage()
  expect(await screen.findByText('No usage in this period')).toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Egress' })).not.toBeInTheDocument()
})

it('shows a failure with a way to try again', async () => {
  const { asked } = platform({ fail: true })
  const { user } = renderPage()
  expect(await screen.findByText('Could not load the usage')).toBeInTheDocument()
  expect(screen.getByText('The control plane did not answer.')).toBeInTheDocument()
  platform()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('region', { name: 'Egress' })).toBeInTheDocument()
  expect(asked.length).toBe(1)
})

// @vitest-environment happy-dom
/**
 * The logs page against an MSW-mocked platform: sources (the ones not run here marked), the
 * histogram and the events, an event's fields by dotted path, the search sent debounced, the
 * range clamped to the plan's retention, and the empty, error and not-run states.
 */

import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { LogsAnswer } from '@/lib/api-types'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { LogsPage } from './LogsPage'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const NOW = Date.now()

function answer(events: LogsAnswer['events']): LogsAnswer {
  return {
    source: 'edge_logs',
    recorded: true,
    retentionDays: 1,
    start: new Date(NOW - 3_600_000).toISOString(),
    end: new Date(NOW).toISOString(),
    events,
    nextCursor: null,
    histogram: {
      bucketSeconds: 60,
      buckets: [{ timestamp: new Date(NOW - 60_000).toISOString(), count: events.length, errors: 0, warnings: events.filter((e) => e.level === 'warning').length }],
    },
  }
}

const EVENT = {
  id: '41',
  timestamp: new Date(NOW - 30_000).toISOString(),
  level: 'warning' as const,
  event_message: 'GET | 404 | /platform/projects/abc/nothing',
  metadata: { request: { method: 'GET', path: '/platform/projects/abc/nothing' }, response: { status_code: 404 } },
}

/** The platform: a Free project, and a log answering `logs` (or an error); every log request's query is kept. */
function platform(logs: LogsAnswer | 'error') {
  const requests: URLSearchParams[] = []
  server.use(
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY', plan: 'free' })),
    http.get('*/api/platform/projects/abc/logs', ({ request }) => {
      requests.push(new URL(request.url).searchParams)
      return logs === 'error'
        ? HttpResponse.json({ code: 503, message: "The platform's database is not reachable right now.", requestId: 'r1' }, { status: 503 })
        : HttpResponse.json(logs)
    })
  )
  return requests
}

describe('LogsPage', () => {
  it('lists the sources, draws the histogram and the events, and opens an event by dotted path', async () => {
    platform(answer([EVENT]))
    const { user } = renderWithQueries(<LogsPage projectRef="abc" source="edge_logs" />)
    const sources = screen.getByRole('navigation', { name: 'Log sources' })
    expect(within(sources).getByRole('link', { name: /API requests/ })).toHaveAttribute('aria-current', 'page')
    expect(within(sources).getByRole('link', { name: /Pooler\s*not run here/ })).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: EVENT.event_message }))
    expect(screen.getByRole('figure', { name: 'Events over time' })).toBeInTheDocument()
    const panel = await screen.findByRole('dialog')
    expect(within(panel).getByText('metadata.request.method')).toBeInTheDocument()
    expect(within(panel).getByText('metadata.response.status_code').nextSibling).toHaveTextContent('404')
  })

  it('sends the search once typing stopped, and the level chosen', async () => {
    const requests = platform(answer([]))
    const { user } = renderWithQueries(<LogsPage projectRef="abc" source="edge_logs" />)
    await screen.findByText('No events in this range')
    await user.selectOptions(screen.getByLabelText('Level'), 'error')
    await user.type(screen.getByLabelText('Search messages'), '100%')
    await waitFor(() => expect(requests.some((q) => q.get('search') === '100%' && q.get('level') === 'error')).toBe(true))
    expect(requests.some((q) => q.get('search') === '1')).toBe(false)
  })

  it("clamps a range beyond the plan's retention and says so", async () => {
    const requests = platform(answer([]))
    const { user } = renderWithQueries(<LogsPage projectRef="abc" source="edge_logs" />)
    await screen.findByText('No events in this range')
    await user.selectOptions(screen.getByLabelText('Time range'), 'week')
    expect(await screen.findByText(/Logs are kept for 1 day/)).toBeInTheDocument()
    await waitFor(() => expect(requests.length).toBeGreaterThan(1))
    const start = Date.parse(requests.at(-1)!.get('start')!)
    expect(start).toBeGreaterThanOrEqual(NOW - 86_400_000)
  })

  it('shows the error with a way to try again', async () => {
    platform('error')
    renderWithQueries(<LogsPage projectRef="abc" source="edge_logs" />)
    expect(await screen.findByText(/not reachable right now/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  })

  it('says a source is not run here, without asking for it', async () => {
    const requests = platform(answer([]))
    renderWithQueries(<LogsPage projectRef="abc" source="supavisor_logs" />)
    expect(await screen.findByText(/does not run this service/)).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })
})

// @vitest-environment happy-dom
/** The query history panel against an MSW-mocked platform: runs listed with their outcome, search sent to the server, one click opens a run. */
import { vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { QueryHistoryPanel } from './QueryHistoryPanel'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const entry = (id: number, sql: string, extra: Record<string, unknown> = {}) => ({
  id,
  sql,
  sql_truncated: false,
  started_at: new Date(Date.now() - id * 60_000).toISOString(),
  duration_ms: 12,
  row_count: 3,
  error: null,
  ...extra,
})

it('lists runs with rows or errors, searches on the server, and opens one', async () => {
  const user = userEvent.setup()
  const searches: (string | null)[] = []
  server.use(
    http.get('*/api/platform/projects/abc/query-history', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')
      searches.push(search)
      const all = [entry(1, 'select * from orders'), entry(2, 'select nope', { row_count: null, error: 'column "nope" does not exist' })]
      return HttpResponse.json({ data: search ? all.filter((e) => e.sql.includes(search)) : all, cursor: null })
    })
  )
  const onOpen = vi.fn()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QueryHistoryPanel projectRef="abc" onOpen={onOpen} />
    </QueryClientProvider>
  )
  const list = await screen.findByRole('list')
  expect(within(list).getAllByRole('listitem')).toHaveLength(2)
  expect(within(list).getByText('3 rows')).toBeInTheDocument()
  expect(within(list).getByText('column "nope" does not exist')).toBeInTheDocument()

  await user.type(screen.getByLabelText('Search the history'), 'orders')
  await vi.waitFor(() => expect(searches).toContain('orders'))
  await vi.waitFor(() => expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(1))
  await user.click(screen.getByRole('button', { name: /select \* from orders/ }))
  expect(onOpen).toHaveBeenCalledWith('select * from orders')
})

it('says when there is nothing yet', async () => {
  server.use(http.get('*/api/platform/projects/abc/query-history', () => HttpResponse.json({ data: [], cursor: null })))
  render(
    <QueryClientProvider client={createQueryClient()}>
      <QueryHistoryPanel projectRef="abc" onOpen={() => undefined} />
    </QueryClientProvider>
  )
  expect(await screen.findByText('No runs yet')).toBeInTheDocument()
})

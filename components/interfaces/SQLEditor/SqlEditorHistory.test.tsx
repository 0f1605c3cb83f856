// @vitest-environment happy-dom
/**
 * The History tab of the SQL editor page against an MSW-mocked platform: the caller's runs are
 * listed, and opening one lands in a new, unsaved snippet holding that SQL.
 */
import { vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf } from '@/lib/api-types'
import { AUTOSAVE_DEBOUNCE_MS } from '@/state/save-schedule'
import { sqlEditorState } from '@/state/sql-editor'
import { contentSnippet } from '@/tests/fixtures/content'

type Query = Record<string, string>
const router = vi.hoisted(() => ({
  query: {} as Record<string, string>,
  pathname: '/project/[ref]/sql/[id]',
  push: vi.fn(async (_url: string) => true),
  replace: vi.fn(async () => true),
}))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('./MonacoEditor', () => import('./MonacoEditor.fake'))
// The snippet list has its own tests; here it only has to be there.
vi.mock('./SnippetSidebar', () => ({ SnippetSidebar: () => <p>snippet list</p> }))

const { default: SqlEditorPage } = await import('@/pages/project/[ref]/sql/[id]')

const ID = '5f0c0000-0000-4000-8000-000000000001'
const server = setupServer()
const puts: unknown[] = []

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  sqlEditorState.reset()
  puts.length = 0
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf('Developer'), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.put('*/api/platform/projects/abc/content/last-visited', () => HttpResponse.json({ id: ID, visited_at: '2026-01-01T00:00:00Z' })),
    http.get(`*/api/platform/projects/abc/content/${ID}`, () =>
      HttpResponse.json(contentSnippet({ id: ID, name: 'Active users', version: 3 }))
    ),
    http.put('*/api/platform/projects/abc/content', async ({ request }) => {
      puts.push(await request.json())
      return HttpResponse.json({ code: 500, message: 'not expected' }, { status: 500 })
    }),
    http.get('*/api/platform/projects/abc/query-history', () =>
      HttpResponse.json({
        data: [
          { id: 2, sql: 'select * from orders where total > 100', sql_truncated: false, started_at: new Date().toISOString(), duration_ms: 12, row_count: 3, error: null },
          { id: 1, sql: 'select nope', sql_truncated: false, started_at: new Date().toISOString(), duration_ms: 3, row_count: null, error: 'column "nope" does not exist' },
        ],
        cursor: null,
      })
    )
  )
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

it('lists the runs in the History tab and opens one in a new, unsaved snippet', async () => {
  const user = userEvent.setup()
  const client = createQueryClient()
  const page = () => (
    <QueryClientProvider client={client}>
      <SqlEditorPage />
    </QueryClientProvider>
  )
  router.query = { ref: 'abc', id: ID }
  const { rerender } = render(page())
  expect(await screen.findByLabelText('SQL')).toHaveValue('select 1')

  // The wide-screen sidebar (the phone's overlay is closed).
  const sidebar = screen.getByRole('complementary', { name: 'Snippets' })
  expect(within(sidebar).getByText('snippet list')).toBeInTheDocument()
  await user.click(within(sidebar).getByRole('tab', { name: 'History' }))
  expect(within(sidebar).getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  const runs = await within(sidebar).findAllByRole('button', { name: /select/ })
  expect(runs.map((run) => run.textContent)).toEqual([
    expect.stringContaining('select * from orders where total > 100'),
    expect.stringContaining('column "nope" does not exist'),
  ])

  await user.click(runs[0])
  expect(router.push).toHaveBeenCalledWith('/project/abc/sql/new?from=history')
  // What Next does on push: the page renders the new route.
  router.query = { ref: 'abc', id: 'new', from: 'history' } satisfies Query
  rerender(page())
  expect(await screen.findByLabelText('SQL')).toHaveValue('select * from orders where total > 100')
  expect(screen.getByLabelText('SQL')).not.toHaveValue('select 1')

  // Another run, chosen while that new snippet is open: a fresh editor with its SQL.
  await user.click(within(sidebar).getByRole('button', { name: /select nope/ }))
  rerender(page())
  expect(await screen.findByLabelText('SQL')).toHaveValue('select nope')
  // Opening a run creates nothing: it is saved only once it is edited (even after the autosave delay).
  await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 200))
  expect(puts).toEqual([])
})

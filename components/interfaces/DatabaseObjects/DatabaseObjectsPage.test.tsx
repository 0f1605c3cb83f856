// @vitest-environment happy-dom
/**
 * The database objects page against an MSW-mocked platform: the listing SQL of the kind is sent
 * through the SQL endpoint (kept out of the history), its objects are listed with their summary,
 * the search and the schema filter narrow them, the detail shows the definition and hands it to
 * the SQL editor, and the empty and error states (with a retry) say what happened.
 */
import { vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { databaseObjectsSql, type DatabaseObjectKind } from '@/lib/sql/database-objects'
import { historyHandOff } from '@/state/history-hand-off'
import { DatabaseObjectsPage } from './DatabaseObjectsPage'
import { withRouter } from '@/tests/helpers/router'

const router = { push: vi.fn(async () => true), replace: vi.fn(async () => true), asPath: '/project/abc/database/views', pathname: '/project/[ref]/database/[kind]', query: {} }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const VIEWS = [
  {
    id: '101',
    schema: 'public',
    name: 'open_todos',
    summary: { materialized: false, comment: 'Todos not done yet' },
    definition: 'create or replace view public.open_todos as\n SELECT todos.id\n   FROM todos\n  WHERE NOT todos.done;',
  },
  { id: '102', schema: 'reports', name: 'daily_totals', summary: { materialized: true, comment: null }, definition: 'create materialized view reports.daily_totals as\n SELECT 1\nwith data;' },
  { id: '103', schema: 'reports', name: 'weekly_totals', summary: { materialized: false, comment: null }, definition: 'create or replace view reports.weekly_totals as\n SELECT 7;' },
]

/** The platform: answers each listing with `answers[kind]`, and records what was asked. */
function platform(answers: Partial<Record<DatabaseObjectKind, unknown[]>>) {
  const asked: { query: string; url: string }[] = []
  server.use(
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const { query } = (await request.json()) as { query: string }
      asked.push({ query, url: request.url })
      const kind = (Object.keys(answers) as DatabaseObjectKind[]).find((k) => databaseObjectsSql(k) === query)
      const answer = kind && answers[kind]
      if (!answer) return HttpResponse.json({ code: 400, message: 'unexpected query', requestId: 'r0' }, { status: 400 })
      return HttpResponse.json([{ objects: answer }])
    })
  )
  return asked
}

function renderPage(kind: DatabaseObjectKind) {
  const user = userEvent.setup()
  render(
    withRouter(
      router,
      <QueryClientProvider client={createQueryClient()}>
        <DatabaseObjectsPage projectRef="abc" kind={kind} />
      </QueryClientProvider>
    )
  )
  return { user }
}

const rows = () => within(screen.getByRole('list', { name: 'Views' })).getAllByRole('button').map((b) => b.querySelector('.font-mono')?.textContent)

beforeEach(() => {
  router.push.mockClear()
  historyHandOff.reset()
})

it("lists the kind's objects from its catalog query, kept out of the history", async () => {
  const asked = platform({ views: VIEWS })
  renderPage('views')
  expect(screen.getByRole('heading', { name: 'Views' })).toBeInTheDocument()
  expect(await screen.findByRole('list', { name: 'Views' })).toBeInTheDocument()
  expect(rows()).toEqual(['open_todos', 'daily_totals', 'weekly_totals'])
  expect(asked).toHaveLength(1)
  expect(asked[0].query).toBe(databaseObjectsSql('views'))
  expect(new URL(asked[0].url).searchParams.get('history')).toBe('skip')
  const daily = screen.getByRole('button', { name: /daily_totals/ })
  expect(within(daily).getByText('reports')).toBeInTheDocument()
  expect(within(daily).getByText('Materialized').nextSibling).toHaveTextContent('Yes')
  expect(screen.getByText('3 views')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Views' })).toHaveAttribute('aria-current', 'page')
  expect(screen.getByRole('link', { name: 'Enumerated types' })).toHaveAttribute('href', '/project/abc/database/types')
})

it('narrows the list by name or schema, and by the chosen schema', async () => {
  platform({ views: VIEWS })
  const { user } = renderPage('views')
  await screen.findByRole('list', { name: 'Views' })
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'TOTALS')
  expect(rows()).toEqual(['daily_totals', 'weekly_totals'])
  expect(screen.getByText('2 of 3')).toBeInTheDocument()
  await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
  await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'public')
  expect(rows()).toEqual(['open_todos'])
  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'weekly')
  expect(screen.getByText('No views match')).toBeInTheDocument()
})

it('opens the detail with the summary and the definition, to copy or open in the SQL editor', async () => {
  platform({ views: VIEWS })
  const { user } = renderPage('views')
  await user.click(await screen.findByRole('button', { name: /open_todos/ }))
  const panel = screen.getByRole('dialog', { name: 'public.open_todos' })
  expect(within(panel).getByText('Todos not done yet')).toBeInTheDocument()
  expect(within(panel).getByLabelText('Definition of public.open_todos')).toHaveTextContent('create or replace view public.open_todos as SELECT todos.id')
  expect(within(panel).getByRole('button', { name: 'Copy definition' })).toBeInTheDocument()
  await user.click(within(panel).getByRole('button', { name: 'Open in SQL editor' }))
  expect(historyHandOff.sql).toBe(VIEWS[0].definition)
  expect(router.push).toHaveBeenCalledWith('/project/abc/sql/new?from=history')
})

it('roles have no schema: no schema filter, and the fields of a role', async () => {
  platform({
    roles: [
      {
        id: '10',
        schema: null,
        name: 'postgres',
        summary: { login: true, superuser: false, createdb: false, createrole: false, replication: false, bypassrls: false, connection_limit: null, valid_until: null },
        definition: 'create role postgres with nosuperuser login;',
      },
    ],
  })
  renderPage('roles')
  const row = await screen.findByRole('button', { name: /postgres/ })
  expect(within(row).getByText('Can log in').nextSibling).toHaveTextContent('Yes')
  expect(screen.queryByRole('combobox', { name: 'Schema' })).not.toBeInTheDocument()
  expect(screen.getByText('1 role')).toBeInTheDocument()
})

it('says when the project has none of the kind yet, with SQL to start from', async () => {
  platform({ triggers: [] })
  renderPage('triggers')
  expect(await screen.findByText('No triggers in this project yet')).toBeInTheDocument()
  expect(screen.getByText(/create trigger set_updated_at/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Open the SQL editor' })).toHaveAttribute('href', '/project/abc/sql/new')
})

it('shows an error with a retry that reads again', async () => {
  let failing = true
  server.use(
    http.post('*/api/platform/pg-meta/abc/query', () =>
      failing
        ? HttpResponse.json({ code: 400, message: 'permission denied for schema reports', requestId: 'r1' }, { status: 400 })
        : HttpResponse.json([{ objects: VIEWS }])
    )
  )
  const { user } = renderPage('views')
  expect(await screen.findByText("Could not read the project's views")).toBeInTheDocument()
  expect(screen.getByText('permission denied for schema reports')).toBeInTheDocument()
  failing = false
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('list', { name: 'Views' })).toBeInTheDocument()
})

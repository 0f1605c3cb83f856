// @vitest-environment happy-dom
/**
 * The column privileges page against an MSW-mocked platform: the preview gate, the table picker,
 * the roles × columns grid, grant and revoke per cell and per column (what is sent, what is shown
 * after), a Read-only member, and the empty and error states.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type ColumnPrivilegesChangeBody, type ColumnPrivileges, type OrganizationRole } from '@/lib/api-types'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import type { SchemaCatalog } from '@/lib/sql/completion'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { ColumnPrivilegesPage } from './ColumnPrivilegesPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const CATALOG: SchemaCatalog = {
  schemas: ['app', 'public'],
  tables: [
    { schema: 'app', name: 'audit', kind: 'table', columns: [{ name: 'at', type: 'timestamp with time zone' }] },
    { schema: 'public', name: 'accounts', kind: 'table', columns: [] },
    { schema: 'public', name: 'todos', kind: 'table', columns: [] },
  ],
  functions: [],
}

function listing(schema: string, name: string): ColumnPrivileges {
  return {
    table: { schema, name, kind: 'table' },
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'email', type: 'text' },
    ],
    roles: ['postgres', 'app_reader'],
    owner: 'postgres',
    table_grants: (['SELECT', 'INSERT', 'UPDATE', 'REFERENCES'] as const).map((privilege) => ({ role: 'postgres', privilege })),
    column_grants: [{ role: 'app_reader', column: 'email', privilege: 'SELECT' }],
  }
}

/** The platform: the caller's role, the catalog, and a database whose grants change as the page asks. */
function platform({ role = 'Developer' as OrganizationRole, catalog = CATALOG as SchemaCatalog | 'error', privilegesError = false } = {}) {
  const state = { changes: [] as { kind: string; body: ColumnPrivilegesChangeBody }[], listed: [] as string[] }
  const tables = new Map<string, ColumnPrivileges>()
  const tableOf = (schema: string, name: string) => {
    const key = `${schema}.${name}`
    if (!tables.has(key)) tables.set(key, listing(schema, name))
    return tables.get(key)!
  }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', () =>
      catalog === 'error'
        ? HttpResponse.json({ code: 400, message: 'permission denied for schema app', requestId: 'r1' }, { status: 400 })
        : HttpResponse.json([{ catalog }])
    ),
    http.get('*/api/platform/projects/abc/column-privileges', ({ request }) => {
      const url = new URL(request.url)
      const [schema, name] = [url.searchParams.get('schema')!, url.searchParams.get('table')!]
      state.listed.push(`${schema}.${name}`)
      if (privilegesError) return HttpResponse.json({ code: 404, message: `Table ${schema}.${name} does not exist.`, requestId: 'r2' }, { status: 404 })
      return HttpResponse.json(tableOf(schema, name))
    }),
    http.post('*/api/platform/projects/abc/column-privileges/:kind', async ({ params, request }) => {
      const body = (await request.json()) as ColumnPrivilegesChangeBody
      state.changes.push({ kind: String(params.kind), body })
      const current = tableOf(body.schema, body.table)
      const touched = (g: { role: string; column: string; privilege: string }) =>
        g.role === body.role && body.columns.includes(g.column) && (body.privileges as string[]).includes(g.privilege)
      const kept = current.column_grants.filter((g) => !touched(g))
      const added = params.kind === 'grant' ? body.columns.flatMap((column) => body.privileges.map((privilege) => ({ role: body.role, column, privilege }))) : []
      const next = { ...current, column_grants: [...kept, ...added] }
      tables.set(`${body.schema}.${body.table}`, next)
      return HttpResponse.json(next)
    })
  )
  return state
}

beforeEach(() => {
  localStorage.clear()
  featurePreviewsState.enabled = {}
  featurePreviewsState.loaded = false
  appState.reset()
  localStorage.setItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES, 'true')
})

function renderPage() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ColumnPrivilegesPage projectRef="abc" />
    </QueryClientProvider>
  )
  return { user }
}

const cell = (privilege: string, column: string, role: string) => screen.getByRole('button', { name: `${privilege} on ${column} for ${role}` })

it('while the preview is off, says so and offers to enable it', async () => {
  const state = platform()
  localStorage.setItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES, 'false')
  const { user } = renderPage()
  expect(await screen.findByText('Column-level privileges is a feature preview')).toBeInTheDocument()
  expect(state.listed).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Enable column-level privileges' }))
  expect(localStorage.getItem(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES)).toBe('true')
  expect(await screen.findByRole('table')).toBeInTheDocument()
})

it('starts on the first table of public and shows roles × columns with who holds what', async () => {
  const state = platform()
  renderPage()
  const grid = await screen.findByRole('table', { name: 'Column privileges of public.accounts, per role' })
  expect(state.listed).toEqual(['public.accounts'])
  expect(screen.getByRole('combobox', { name: 'Schema' })).toHaveValue('public')
  expect(screen.getByRole('combobox', { name: 'Table' })).toHaveValue('accounts')
  expect(within(grid).getByRole('columnheader', { name: /app_reader/ })).toBeInTheDocument()
  expect(within(grid).getByRole('rowheader', { name: /email/ })).toBeInTheDocument()
  // The owner's whole-table grant holds for every column; app_reader holds SELECT on email only.
  expect(cell('SELECT', 'id', 'postgres')).toHaveAttribute('aria-pressed', 'true')
  expect(cell('SELECT', 'id', 'postgres')).toHaveAttribute('title', 'SELECT is granted on the whole table')
  expect(cell('SELECT', 'email', 'app_reader')).toHaveAttribute('aria-pressed', 'true')
  expect(cell('SELECT', 'id', 'app_reader')).toHaveAttribute('aria-pressed', 'false')
  expect(cell('UPDATE', 'email', 'app_reader')).toHaveAttribute('aria-pressed', 'false')
})

it('grants one privilege on one column, then revokes it', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'UPDATE on email for app_reader' }))
  await waitFor(() => expect(cell('UPDATE', 'email', 'app_reader')).toHaveAttribute('aria-pressed', 'true'))
  expect(toasts.success).toEqual(['Granted UPDATE on email to app_reader'])

  await user.click(cell('UPDATE', 'email', 'app_reader'))
  await waitFor(() => expect(cell('UPDATE', 'email', 'app_reader')).toHaveAttribute('aria-pressed', 'false'))
  expect(state.changes).toEqual([
    { kind: 'grant', body: { schema: 'public', table: 'accounts', role: 'app_reader', columns: ['email'], privileges: ['UPDATE'] } },
    { kind: 'revoke', body: { schema: 'public', table: 'accounts', role: 'app_reader', columns: ['email'], privileges: ['UPDATE'] } },
  ])
})

it('grants and revokes all four on a column for a role', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Grant all on id to app_reader' }))
  const revokeAll = await screen.findByRole('button', { name: 'Revoke all on id from app_reader' })
  for (const privilege of ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']) expect(cell(privilege, 'id', 'app_reader')).toHaveAttribute('aria-pressed', 'true')
  await user.click(revokeAll)
  await screen.findByRole('button', { name: 'Grant all on id to app_reader' })
  expect(state.changes.map((c) => [c.kind, c.body.columns, c.body.privileges])).toEqual([
    ['grant', ['id'], ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']],
    ['revoke', ['id'], ['SELECT', 'INSERT', 'UPDATE', 'REFERENCES']],
  ])
})

it('switches to another schema and table', async () => {
  const state = platform()
  const { user } = renderPage()
  await screen.findByRole('table')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Table' }), 'todos')
  await screen.findByRole('table', { name: 'Column privileges of public.todos, per role' })
  await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'app')
  await screen.findByRole('table', { name: 'Column privileges of app.audit, per role' })
  expect(state.listed).toEqual(['public.accounts', 'public.todos', 'app.audit'])
})

it('lets a Read-only member look, not change', async () => {
  const state = platform({ role: 'Read-only' })
  const { user } = renderPage()
  expect(await screen.findByText('Your role can see privileges but not change them.')).toBeInTheDocument()
  expect(cell('SELECT', 'id', 'app_reader')).toBeDisabled()
  await user.click(cell('SELECT', 'id', 'app_reader'))
  expect(state.changes).toEqual([])
})

it('says when there are no tables yet', async () => {
  platform({ catalog: { schemas: ['public'], tables: [], functions: [] } })
  renderPage()
  expect(await screen.findByText('No tables yet')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Open the SQL editor' })).toHaveAttribute('href', '/project/abc/sql/new')
})

it('says when the tables cannot be read', async () => {
  platform({ catalog: 'error' })
  renderPage()
  expect(await screen.findByText("Could not read the project's tables")).toBeInTheDocument()
  expect(screen.getByText('permission denied for schema app')).toBeInTheDocument()
})

it('says when the privileges cannot be read', async () => {
  platform({ privilegesError: true })
  renderPage()
  expect(await screen.findByText('Could not read the privileges')).toBeInTheDocument()
  expect(screen.getByText('Table public.accounts does not exist.')).toBeInTheDocument()
})

// @vitest-environment happy-dom
/**
 * Database → Publications against an MSW-mocked platform whose database answers the page's
 * listing and records the changes run: the publications with their events and tables, an event
 * switched and a table added (the SQL shown is the SQL sent), a replica identity set to Full, the
 * missing supabase_realtime created, Postgres' refusal as a toast, a Read-only member, and the
 * error state with Try again.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { actionsOf, type OrganizationRole } from '@/lib/api-types'
import { PUBLICATIONS_SQL } from '@/lib/sql/publications'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { PublicationsPage } from './PublicationsPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

type Row = Record<string, unknown> & { name: string; tables: { schema: string; name: string }[] }
const pub = (name: string, over: Partial<Row> = {}): Row => ({
  id: name,
  name,
  owner: 'p_abc',
  owned: true,
  all_tables: false,
  insert: true,
  update: true,
  delete: true,
  truncate: true,
  tables: [],
  ...over,
})
const PUBLICATIONS = [
  pub('inserts_only', { update: false, delete: false, truncate: false, tables: [{ schema: 'public', name: 'notes' }] }),
  pub('supabase_realtime', { tables: [{ schema: 'public', name: 'todos' }] }),
]
const TABLES = [
  { schema: 'public', name: 'notes', partitioned: false, replica_identity: 'd', primary_key: false, owned: true },
  { schema: 'public', name: 'todos', partitioned: false, replica_identity: 'd', primary_key: true, owned: true },
  { schema: 'app', name: 'audit', partitioned: true, replica_identity: 'd', primary_key: true, owned: true },
]

/**
 * The platform: the caller's role and a database that answers the listing (or fails the first
 * `failures` reads) and runs changes (recorded; `refuse` answers Postgres' error instead).
 */
function platform({ role = 'Developer' as OrganizationRole, publications = PUBLICATIONS, failures = 0, refuse = null as string | null } = {}) {
  const state = { publications: structuredClone(publications), tables: structuredClone(TABLES), ran: [] as string[], reads: 0 }
  let failing = failures
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const { query } = (await request.json()) as { query: string }
      const history = new URL(request.url).searchParams.get('history')
      if (query === PUBLICATIONS_SQL) {
        expect(history).toBe('skip')
        state.reads++
        if (failing > 0) {
          failing--
          return HttpResponse.json({ code: 400, message: 'permission denied for table pg_publication', requestId: 'r1' }, { status: 400 })
        }
        return HttpResponse.json([{ publications: state.publications, tables: state.tables }])
      }
      // A change is the user's own: kept in their history.
      expect(history).toBeNull()
      state.ran.push(query)
      if (refuse) return HttpResponse.json({ code: 400, message: refuse, requestId: 'r2' }, { status: 400 })
      // Enough of Postgres to show each change.
      const find = (name: string) => state.publications.find((p) => p.name === name)!
      const added = /^alter publication "(\w+)" add table "(\w+)"\."(\w+)";$/.exec(query)
      if (added) find(added[1]).tables.push({ schema: added[2], name: added[3] })
      const events = /^alter publication "(\w+)" set \(publish = '([a-z, ]*)'\);$/.exec(query)
      if (events) for (const e of ['insert', 'update', 'delete', 'truncate']) find(events[1])[e] = events[2].split(', ').includes(e)
      if (query === 'create publication "supabase_realtime";') state.publications.push(pub('supabase_realtime'))
      const identity = /^alter table "(\w+)"\."(\w+)" replica identity (full|default);$/.exec(query)
      if (identity) state.tables.find((t) => t.schema === identity[1] && t.name === identity[2])!.replica_identity = identity[3] === 'full' ? 'f' : 'd'
      return HttpResponse.json([])
    })
  )
  return state
}

const renderPage = () => renderWithQueries(<PublicationsPage projectRef="abc" />)
const row = (name: string) => screen.getByRole('listitem', { name })
const sqlShown = () => screen.getByLabelText('SQL that will run').textContent

it('lists every publication with its four events and how many tables it holds', async () => {
  platform({ publications: [...PUBLICATIONS, pub('everything', { all_tables: true, owner: 'postgres', owned: false })] })
  renderPage()
  const list = await screen.findByRole('list', { name: 'Publications' })
  expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['inserts_only', 'supabase_realtime', 'everything'])
  expect(screen.getByRole('heading', { level: 1, name: 'Publications' })).toBeInTheDocument()
  expect(screen.getByText(/stream their changes to Realtime subscribers/)).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Publications' })).toHaveAttribute('aria-current', 'page')
  const events = within(row('inserts_only')).getByRole('group', { name: 'Events of inserts_only' })
  expect(within(events).getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'false', 'false', 'false'])
  expect(within(events).getByRole('switch', { name: 'Insert' })).toBeChecked()
  expect(within(events).getByRole('switch', { name: 'Update' })).not.toBeChecked()
  expect(row('inserts_only')).toHaveTextContent('1 table')
  expect(row('supabase_realtime')).toHaveTextContent('1 table')
  expect(row('everything')).toHaveTextContent('All tables')
  // Not the project's: its owner alone may change it, and the switches say so.
  const owned = within(row('everything')).getByRole('switch', { name: 'Insert' })
  await waitFor(() => expect(owned).toHaveAttribute('title', 'Owned by postgres: only that role can change it'))
  expect(owned).toBeDisabled()
  expect(within(row('supabase_realtime')).getByRole('switch', { name: 'Insert' })).toBeEnabled()
  expect(screen.queryByText(/publication is missing/)).not.toBeInTheDocument()
})

it('switches an event after showing its SQL, and sends exactly that', async () => {
  const state = platform()
  const { user } = renderPage()
  await screen.findByRole('list', { name: 'Publications' })
  await user.click(within(row('supabase_realtime')).getByRole('switch', { name: 'Truncate' }))
  expect(screen.getByRole('dialog', { name: 'Change the events of supabase_realtime' })).toBeInTheDocument()
  expect(sqlShown()).toBe(`alter publication "supabase_realtime" set (publish = 'insert, update, delete');`)
  expect(state.ran).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Save events' }))
  await waitFor(() => expect(within(row('supabase_realtime')).getByRole('switch', { name: 'Truncate' })).not.toBeChecked())
  expect(state.ran).toEqual([`alter publication "supabase_realtime" set (publish = 'insert, update, delete');`])
  expect(toasts.success).toEqual(['supabase_realtime publishes insert, update, delete'])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('opens a publication: every table with its switch, a search, and adds a table with its SQL', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'supabase_realtime' }))
  const tables = screen.getByRole('list', { name: 'Tables of supabase_realtime' })
  expect(within(tables).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['public.notes', 'public.todos', 'app.audit'])
  expect(screen.getByText('1 of 3 tables in it')).toBeInTheDocument()
  expect(within(row('public.todos')).getByRole('switch', { name: 'Publish public.todos' })).toBeChecked()
  expect(row('public.todos')).toHaveTextContent('Replica identity Default (primary key)')
  expect(within(row('app.audit')).queryByText(/Replica identity/)).not.toBeInTheDocument()

  await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), 'aud')
  expect(within(tables).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['app.audit'])
  await user.click(within(row('app.audit')).getByRole('switch', { name: 'Publish app.audit' }))
  expect(screen.getByRole('dialog', { name: 'Add app.audit to supabase_realtime' })).toBeInTheDocument()
  expect(sqlShown()).toBe('alter publication "supabase_realtime" add table "app"."audit";')
  await user.click(screen.getByRole('button', { name: 'Add table' }))
  await waitFor(() => expect(within(row('app.audit')).getByRole('switch', { name: 'Publish app.audit' })).toBeChecked())
  expect(state.ran).toEqual(['alter publication "supabase_realtime" add table "app"."audit";'])
  expect(toasts.success).toEqual(['Added app.audit to supabase_realtime'])

  await user.click(screen.getByRole('button', { name: 'All publications' }))
  expect(row('supabase_realtime')).toHaveTextContent('2 tables')
})

it('sets a table in it to replica identity Full, warning where Postgres would refuse updates and deletes', async () => {
  const state = platform({ publications: [pub('supabase_realtime', { tables: [{ schema: 'public', name: 'notes' }] })] })
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'supabase_realtime' }))
  expect(row('public.notes')).toHaveTextContent('No primary key: while updates and deletes are published, Postgres refuses them')
  expect(screen.getByText(/with Full every column/)).toBeInTheDocument()
  await user.click(within(row('public.notes')).getByRole('button', { name: 'Set the replica identity of public.notes to Full' }))
  expect(sqlShown()).toBe('alter table "public"."notes" replica identity full;')
  await user.click(screen.getByRole('button', { name: 'Set to Full' }))
  await waitFor(() => expect(row('public.notes')).toHaveTextContent('Replica identity Full'))
  expect(row('public.notes')).not.toHaveTextContent('No primary key')
  expect(state.ran).toEqual(['alter table "public"."notes" replica identity full;'])
})

it('offers to create supabase_realtime when it is missing, then lists it', async () => {
  const state = platform({ publications: [] })
  const { user } = renderPage()
  expect(await screen.findByText('The supabase_realtime publication is missing')).toBeInTheDocument()
  expect(screen.getByText('No publications')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Create supabase_realtime' }))
  expect(sqlShown()).toBe('create publication "supabase_realtime";')
  await user.click(screen.getByRole('button', { name: 'Create publication' }))
  expect(await screen.findByRole('listitem', { name: 'supabase_realtime' })).toHaveTextContent('0 tables')
  expect(screen.queryByText('The supabase_realtime publication is missing')).not.toBeInTheDocument()
  expect(state.ran).toEqual(['create publication "supabase_realtime";'])
  expect(toasts.success).toEqual(['Created supabase_realtime'])
})

it("keeps the dialog open with Postgres' refusal as a toast", async () => {
  const state = platform({ refuse: 'must be owner of table todos' })
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'supabase_realtime' }))
  await user.click(within(row('public.todos')).getByRole('switch', { name: 'Publish public.todos' }))
  expect(screen.getByRole('dialog', { name: 'Remove public.todos from supabase_realtime' })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Remove table' }))
  await waitFor(() => expect(toasts.error).toEqual(['Failed to remove public.todos from supabase_realtime: must be owner of table todos']))
  expect(screen.getByRole('dialog')).toBeInTheDocument()
  expect(state.ran).toEqual(['alter publication "supabase_realtime" drop table "public"."todos";'])
})

it('lets a Read-only member see everything and change nothing, each control saying why', async () => {
  platform({ role: 'Read-only', publications: PUBLICATIONS.filter((p) => p.name !== 'supabase_realtime') })
  const { user } = renderPage()
  expect(await screen.findByText('Your role can see publications but not change them.')).toBeInTheDocument()
  const create = screen.getByRole('button', { name: 'Create supabase_realtime' })
  expect(create).toBeDisabled()
  expect(create).toHaveAttribute('title', 'Your role can see publications but not change them')
  for (const toggle of within(row('inserts_only')).getAllByRole('switch')) {
    expect(toggle).toBeDisabled()
    expect(toggle).toHaveAttribute('title', 'Your role can see publications but not change them')
  }
  await user.click(screen.getByRole('button', { name: 'inserts_only' }))
  for (const name of ['public.notes', 'public.todos', 'app.audit']) expect(within(row(name)).getByRole('switch')).toBeDisabled()
  expect(within(row('public.notes')).getByRole('button', { name: /replica identity/ })).toBeDisabled()
})

it('says so when the publications cannot be read, and reads again on Try again', async () => {
  const state = platform({ failures: 1 })
  const { user } = renderPage()
  expect(await screen.findByText("Could not read the project's publications")).toBeInTheDocument()
  expect(screen.getByText('permission denied for table pg_publication')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('list', { name: 'Publications' })).toBeInTheDocument()
  expect(state.reads).toBe(2)
})

// @vitest-environment happy-dom
/**
 * Authentication → Policies against an MSW-mocked platform whose database answers the page's
 * listing and records the changes run: tables grouped by schema (public first) with RLS and
 * policies, RLS switched after its SQL is shown, a policy made from a template, edited and
 * deleted through the review dialog, Postgres' refusal kept in it, a Read-only member, and the
 * empty and error states.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { actionsOf, type OrganizationRole } from '@/lib/api-types'
import { POLICIES_SQL, type PolicyTable } from '@/lib/auth-policies/policies-sql'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { PoliciesPage } from './PoliciesPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const TABLES: PolicyTable[] = [
  { schema: 'app', name: 'audit', rls: false, forceRls: false, owned: true, columns: ['at'], policies: [] },
  {
    schema: 'public',
    name: 'todos',
    rls: true,
    forceRls: false,
    owned: true,
    columns: ['id', 'user_id', 'title'],
    policies: [{ name: 'Owners read', command: 'SELECT', permissive: true, roles: ['authenticated'], using: '(auth.uid() = user_id)', withCheck: null }],
  },
  { schema: 'public', name: 'notes', rls: false, forceRls: false, owned: true, columns: ['id', 'owner_id'], policies: [] },
]

/**
 * The platform: the caller's role and a database that answers the listing (`tables`, whether
 * auth.uid() exists, or a failure for the first `failures` reads) and runs changes (recorded; `refuse` answers Postgres' error).
 */
function platform({ role = 'Developer' as OrganizationRole, tables = TABLES, failures = 0, refuse = null as string | null, authUid = true } = {}) {
  const state = { tables: structuredClone(tables), ran: [] as string[], reads: 0 }
  let failing = failures
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const { query } = (await request.json()) as { query: string }
      if (query === POLICIES_SQL) {
        expect(new URL(request.url).searchParams.get('history')).toBe('skip')
        state.reads++
        if (failing > 0) {
          failing--
          return HttpResponse.json({ code: 400, message: 'permission denied for schema app', requestId: 'r1' }, { status: 400 })
        }
        return HttpResponse.json([{ tables: state.tables, auth_uid: authUid }])
      }
      state.ran.push(query)
      if (refuse) return HttpResponse.json({ code: 400, message: refuse, requestId: 'r2' }, { status: 400 })
      // Enough of Postgres to show the change: RLS switches and policies made or dropped on public tables.
      const rls = /^alter table public\.(\w+) (enable|disable) row level security;$/.exec(query)
      if (rls) state.tables.find((t) => t.name === rls[1])!.rls = rls[2] === 'enable'
      const created = /create policy "([^"]+)"\non public\.(\w+)/.exec(query)
      if (created)
        state.tables
          .find((t) => t.name === created[2])!
          .policies.push({ name: created[1], command: 'SELECT', permissive: true, roles: ['authenticated'], using: '(auth.uid() = owner_id)', withCheck: null })
      const dropped = /^drop policy "([^"]+)" on public\.(\w+);$/.exec(query)
      if (dropped) {
        const t = state.tables.find((x) => x.name === dropped[2])!
        t.policies = t.policies.filter((p) => p.name !== dropped[1])
      }
      return HttpResponse.json([])
    })
  )
  return state
}

const renderPage = () => renderWithQueries(<PoliciesPage projectRef="abc" />)
const sqlShown = () => screen.getByLabelText('SQL to run').textContent

it('lists every table by schema, public first, with RLS and each policy', async () => {
  platform()
  renderPage()
  const headings = await screen.findAllByRole('heading', { level: 2 })
  expect(headings.map((h) => h.textContent)).toEqual(['Schema public', 'Schema app'])
  const todos = screen.getByRole('region', { name: 'Table public.todos' })
  expect(within(todos).getByText('RLS enabled')).toBeInTheDocument()
  const policies = within(todos).getByRole('list', { name: 'Policies on public.todos' })
  expect(within(policies).getByText('Owners read')).toBeInTheDocument()
  expect(within(policies).getByText('SELECT')).toBeInTheDocument()
  expect(within(policies).getByText('authenticated')).toBeInTheDocument()
  expect(within(policies).getByText('(auth.uid() = user_id)')).toBeInTheDocument()
  const notes = screen.getByRole('region', { name: 'Table public.notes' })
  expect(within(notes).getByText('RLS disabled')).toBeInTheDocument()
  expect(within(notes).getByText(/No policies, and row level security is off/)).toBeInTheDocument()
})

it('enables RLS after showing its SQL, then shows it on', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Enable RLS on public.notes' }))
  expect(screen.getByRole('dialog', { name: 'Enable row level security on public.notes' })).toBeInTheDocument()
  expect(sqlShown()).toBe('alter table public.notes enable row level security;')
  expect(state.ran).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Enable RLS' }))
  await waitFor(() => expect(within(screen.getByRole('region', { name: 'Table public.notes' })).getByText('RLS enabled')).toBeInTheDocument())
  expect(state.ran).toEqual(['alter table public.notes enable row level security;'])
  expect(toasts.success).toEqual(['Row level security enabled on public.notes'])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('creates a policy from a template with the table’s owner column, the SQL reviewed first', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'New policy on public.notes' }))
  expect(screen.getByRole('combobox', { name: "Column holding the owner's user id" })).toHaveValue('owner_id')
  expect(screen.getByRole('button', { name: 'Review SQL' })).toBeDisabled()
  await user.click(screen.getByRole('button', { name: /Users can read their own rows/ }))
  expect(screen.getByLabelText('Policy name')).toHaveValue('Users can read their own rows')
  expect(screen.getByLabelText('USING expression')).toHaveValue('auth.uid() = owner_id')
  expect(screen.queryByLabelText('WITH CHECK expression')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Review SQL' }))
  const expected = 'create policy "Users can read their own rows"\non public.notes\nas permissive\nfor select\nto authenticated\nusing (auth.uid() = owner_id);'
  expect(sqlShown()).toBe(expected)
  expect(state.ran).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Create policy' }))
  const notes = screen.getByRole('region', { name: 'Table public.notes' })
  expect(await within(notes).findByText('Users can read their own rows')).toBeInTheDocument()
  expect(state.ran).toEqual([expected])
  expect(toasts.success).toEqual(['Policy Users can read their own rows created'])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('warns that auth.uid() is missing until the project’s auth service made it, only for policies calling it', async () => {
  platform({ authUid: false })
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'New policy on public.notes' }))
  await user.click(screen.getByRole('button', { name: /Enable read access for everyone/ }))
  expect(screen.queryByText('auth.uid() is not in this database yet')).not.toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: /Users can delete their own rows/ }))
  expect(screen.getByText('auth.uid() is not in this database yet')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Authentication → Users' })).toHaveAttribute('href', '/project/abc/auth/users')
})

it('edits a policy with ALTER POLICY, and a changed command makes it again in one transaction', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Edit policy Owners read' }))
  expect(screen.queryByText('Start from a template')).not.toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Review SQL' })).toBeDisabled()
  await user.click(screen.getByRole('checkbox', { name: 'anon' }))
  await user.click(screen.getByRole('button', { name: 'Review SQL' }))
  expect(sqlShown()).toBe('alter policy "Owners read" on public.todos\nto authenticated, anon;')
  await user.click(within(screen.getByRole('dialog', { name: 'Save policy Owners read' })).getByRole('button', { name: 'Cancel' }))

  await user.selectOptions(screen.getByRole('combobox', { name: /Command/ }), 'DELETE')
  await user.click(screen.getByRole('button', { name: 'Review SQL' }))
  expect(sqlShown()).toMatch(/^begin;\ndrop policy "Owners read" on public\.todos;\ncreate policy "Owners read"\n[\s\S]*for delete\nto authenticated, anon\nusing \(\(auth\.uid\(\) = user_id\)\);\ncommit;$/)
  await user.click(screen.getByRole('button', { name: 'Save policy' }))
  await waitFor(() => expect(state.ran).toHaveLength(1))
  expect(toasts.success).toEqual(['Policy Owners read saved'])
})

it('deletes a policy after showing DROP POLICY', async () => {
  const state = platform()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Delete policy Owners read' }))
  expect(sqlShown()).toBe('drop policy "Owners read" on public.todos;')
  await user.click(within(screen.getByRole('dialog', { name: 'Delete policy Owners read' })).getByRole('button', { name: 'Delete policy' }))
  await waitFor(() => expect(screen.queryByText('Owners read')).not.toBeInTheDocument())
  expect(state.ran).toEqual(['drop policy "Owners read" on public.todos;'])
})

it("keeps Postgres' refusal beside the SQL, the dialog open", async () => {
  platform({ refuse: 'must be owner of table notes' })
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Enable RLS on public.notes' }))
  await user.click(screen.getByRole('button', { name: 'Enable RLS' }))
  expect(await within(screen.getByRole('dialog', { name: 'Enable row level security on public.notes' })).findByText('must be owner of table notes')).toBeInTheDocument()
  expect(toasts.success).toEqual([])
})

it('lets a Read-only member look, not change', async () => {
  platform({ role: 'Read-only' })
  renderPage()
  expect(await screen.findByText('Your role can see row level security and policies but not change them.')).toBeInTheDocument()
  expect(screen.getByText('Owners read')).toBeInTheDocument()
  expect(screen.queryByRole('button', { name: /Enable RLS|Disable RLS|New policy|Edit policy|Delete policy/ })).not.toBeInTheDocument()
})

it('says there are no tables yet, with a way to make one', async () => {
  platform({ tables: [] })
  renderPage()
  expect(await screen.findByText('No tables yet')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'Open the table editor' })).toHaveAttribute('href', '/project/abc/editor')
})

it('shows a failed read with its message, and reads again on Try again', async () => {
  const state = platform({ failures: 1 })
  const { user } = renderPage()
  expect(await screen.findByText('permission denied for schema app')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByText('Owners read')).toBeInTheDocument()
  expect(state.reads).toBe(2)
})

it('filters tables by name', async () => {
  platform()
  const { user } = renderPage()
  await user.type(await screen.findByRole('searchbox', { name: 'Search tables' }), 'aud')
  expect(screen.getByRole('region', { name: 'Table app.audit' })).toBeInTheDocument()
  expect(screen.queryByRole('region', { name: 'Table public.todos' })).not.toBeInTheDocument()
})

describe('Storage → Policies', () => {
  const STORAGE_TABLES: PolicyTable[] = [
    ...TABLES,
    { schema: 'storage', name: 'buckets', rls: true, forceRls: false, owned: true, columns: ['id', 'name', 'public'], policies: [] },
    { schema: 'storage', name: 'objects', rls: true, forceRls: false, owned: true, columns: ['id', 'bucket_id', 'name', 'owner_id'], policies: [] },
  ]
  const withBuckets = (ids: string[]) =>
    server.use(
      http.get('*/api/platform/storage/abc/buckets', () =>
        HttpResponse.json(ids.map((id) => ({ id, name: id, public: false, file_size_limit: null, allowed_mime_types: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' })))
      )
    )

  it('shows the storage schema alone, and makes a file policy from a template for the bucket chosen', async () => {
    platform({ tables: STORAGE_TABLES })
    withBuckets(['avatars', 'docs'])
    const { user } = renderWithQueries(<PoliciesPage projectRef="abc" scope="storage" />)
    expect(await screen.findByRole('heading', { level: 1, name: 'Storage policies' })).toBeInTheDocument()
    expect((await screen.findAllByRole('heading', { level: 2 })).map((h) => h.textContent)).toEqual(['Schema storage'])
    expect(screen.queryByRole('region', { name: 'Table public.todos' })).not.toBeInTheDocument()

    await user.click(await screen.findByRole('button', { name: 'New policy on storage.objects' }))
    const bucket = await screen.findByRole('combobox', { name: 'Bucket' })
    expect(screen.queryByRole('combobox', { name: "Column holding the owner's user id" })).not.toBeInTheDocument()
    await user.selectOptions(bucket, 'docs')
    await user.click(screen.getByRole('button', { name: /Users upload to their own folder/ }))
    expect(screen.getByLabelText('Policy name')).toHaveValue('Users upload to their own folder of docs')
    expect(screen.getByLabelText('WITH CHECK expression')).toHaveValue("bucket_id = 'docs' and (storage.foldername(name))[1] = (select auth.uid()::text)")
  })

  it('asks for a bucket by name when the project has none yet', async () => {
    platform({ tables: STORAGE_TABLES })
    withBuckets([])
    const { user } = renderWithQueries(<PoliciesPage projectRef="abc" scope="storage" />)
    await user.click(await screen.findByRole('button', { name: 'New policy on storage.objects' }))
    const template = screen.getByRole('button', { name: /Anyone reads its files/ })
    expect(template).toBeDisabled()
    await user.type(screen.getByRole('textbox', { name: 'Bucket' }), 'avatars')
    await user.click(template)
    expect(screen.getByLabelText('USING expression')).toHaveValue("bucket_id = 'avatars'")
  })
})

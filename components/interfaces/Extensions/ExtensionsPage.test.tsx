// @vitest-environment happy-dom
/**
 * The extensions page against an MSW-mocked platform: the merged list with search and filters,
 * enabling into a new schema (the SQL shown is the SQL sent for), disabling with cascade, an
 * unavailable extension with its reason, a Read-only member, and the error state.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Extension, type OrganizationRole, type ProjectExtensions } from '@/lib/api-types'
import { disableExtensionSql, enableExtensionSql } from '@/lib/extensions/extension-sql'
import { appState } from '@/state/app'
import { ExtensionsPage } from './ExtensionsPage'

const toasts = recordToasts()

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const ext = (name: string, over: Partial<Extension> = {}): Extension => ({
  name,
  comment: `About ${name}`,
  tags: ['Utility'],
  in_catalogue: true,
  link: `/guides/database/extensions/${name}`,
  github_url: `https://github.com/example/${name}`,
  product: null,
  product_url: null,
  default_version: '1.0',
  installed_version: null,
  schema: null,
  required_schema: null,
  requires: [],
  required_by: [],
  enabled: false,
  changeable: true,
  reason: null,
  ...over,
})

const LISTING: ProjectExtensions = {
  schemas: ['public'],
  extensions: [
    ext('citext', { tags: ['Data Type'], comment: 'Case-insensitive text' }),
    ext('cube', { tags: ['Data Type'], enabled: true, installed_version: '1.5', schema: 'public', required_by: ['earthdistance'] }),
    ext('timescaledb', { tags: ['Time Series'], default_version: null, changeable: false, reason: 'Not installed on this server.' }),
  ],
}

function platform({ role = 'Developer' as OrganizationRole, fail = false } = {}) {
  const state = { enabled: [] as unknown[], disabled: [] as string[], listing: structuredClone(LISTING) }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.get('*/api/platform/projects/abc/extensions', () =>
      fail ? HttpResponse.json({ code: 409, message: 'The project is paused.', requestId: 'r1' }, { status: 409 }) : HttpResponse.json(state.listing)
    ),
    http.post('*/api/platform/projects/abc/extensions', async ({ request }) => {
      const body = (await request.json()) as { name: string; schema?: string; cascade: boolean }
      state.enabled.push(body)
      // Left out where the extension's schema is fixed.
      const schema = body.schema ?? state.listing.extensions.find((e) => e.name === body.name)?.required_schema ?? 'public'
      state.listing.schemas = [...new Set([...state.listing.schemas, schema])]
      state.listing.extensions = state.listing.extensions.map((e) =>
        e.name === body.name ? { ...e, enabled: true, schema, installed_version: e.default_version } : e
      )
      return HttpResponse.json({ ...state.listing, sql: enableExtensionSql({ ...body, schema }) })
    }),
    http.delete('*/api/platform/projects/abc/extensions/:name', ({ params, request }) => {
      const cascade = new URL(request.url).searchParams.get('cascade') === 'true'
      state.disabled.push(`${String(params.name)} cascade=${cascade}`)
      state.listing.extensions = state.listing.extensions.map((e) =>
        e.name === params.name ? { ...e, enabled: false, schema: null, installed_version: null } : e
      )
      return HttpResponse.json({ ...state.listing, sql: disableExtensionSql({ name: String(params.name), cascade }) })
    })
  )
  return state
}

beforeEach(() => {
  appState.reset()
})

function renderPage() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ExtensionsPage projectRef="abc" />
    </QueryClientProvider>
  )
  return { user }
}

const card = (name: string) => screen.getByRole('listitem', { name })
const names = () => within(screen.getByRole('list', { name: 'Extensions' })).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))

it('lists enabled, then available, then unavailable extensions, with search, tag and status filters', async () => {
  platform()
  const { user } = renderPage()
  await screen.findByRole('list', { name: 'Extensions' })
  expect(names()).toEqual(['cube', 'citext', 'timescaledb'])
  expect(screen.getByText('3 extensions, 1 enabled')).toBeInTheDocument()
  expect(within(card('cube')).getByText('public')).toBeInTheDocument()
  expect(within(card('citext')).getByRole('link', { name: /Guide/ })).toHaveAttribute('href', '/guides/database/extensions/citext')

  await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'insensitive')
  expect(names()).toEqual(['citext'])
  await user.clear(screen.getByRole('searchbox', { name: 'Search' }))
  await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'Time Series')
  expect(names()).toEqual(['timescaledb'])
  await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), '')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'enabled')
  expect(names()).toEqual(['cube'])
})

it('shows an unavailable extension with its reason and its switch disabled', async () => {
  platform()
  renderPage()
  await screen.findByRole('list', { name: 'Extensions' })
  const toggle = within(card('timescaledb')).getByRole('switch', { name: 'Enable timescaledb' })
  expect(toggle).toBeDisabled()
  expect(toggle).toHaveAccessibleDescription('Not installed on this server.')
})

it('enables into a new schema, showing the SQL first and sending exactly that choice', async () => {
  const state = platform()
  const { user } = renderPage()
  await screen.findByRole('list', { name: 'Extensions' })
  await user.click(within(card('citext')).getByRole('switch', { name: 'Enable citext' }))
  const dialog = screen.getByRole('dialog', { name: 'Enable citext' })
  // public by default (on the search_path); a new schema on request, with a word on using it.
  const schemaPicker = within(dialog).getByRole('combobox', { name: 'Schema' })
  expect(schemaPicker).toHaveValue('public')
  expect(dialog).not.toHaveTextContent('search_path')
  await user.selectOptions(schemaPicker, '\u0000new')
  const name = within(dialog).getByRole('textbox', { name: 'New schema name' })
  await user.clear(name)
  await user.type(name, 'my "types"')
  expect(within(dialog).getByLabelText('SQL that will run')).toHaveTextContent('create extension "citext" with schema "my ""types""";')
  expect(dialog).toHaveTextContent('search_path')
  await user.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
  expect(await within(card('citext')).findByRole('switch', { name: 'Disable citext' })).toBeInTheDocument()
  expect(state.enabled).toEqual([{ name: 'citext', schema: 'my "types"', cascade: false }])
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  expect(toasts.success).toEqual(['Enabled citext in schema my "types"'])
})

it('an extension the platform creates goes into its schema only: the dialog says so, shows its SQL and sends no schema', async () => {
  const state = platform()
  state.listing.platform_schema = 'extensions'
  state.listing.extensions.push(
    ext('pg_stat_statements', { by_platform: true, required_schema: 'extensions' }),
    ext('postgres_fdw', { changeable: false, reason: 'Not offered: it opens network connections from the database server\'s host.' })
  )
  const { user } = renderPage()
  await screen.findByRole('list', { name: 'Extensions' })
  expect(card('postgres_fdw')).toHaveTextContent("Not offered: it opens network connections from the database server's host.")
  expect(within(card('postgres_fdw')).getByRole('switch', { name: 'Enable postgres_fdw' })).toBeDisabled()
  await user.click(within(card('pg_stat_statements')).getByRole('switch', { name: 'Enable pg_stat_statements' }))
  const dialog = screen.getByRole('dialog', { name: 'Enable pg_stat_statements' })
  expect(within(dialog).queryByRole('combobox', { name: 'Schema' })).not.toBeInTheDocument()
  expect(dialog).toHaveTextContent("The platform creates it for the project, as the server's admin, in its own schema extensions")
  const shown = within(dialog).getByLabelText('SQL that will run')
  expect(shown).toHaveTextContent('set local search_path = pg_catalog, "extensions";')
  expect(shown).toHaveTextContent('create extension "pg_stat_statements" with schema "extensions";')
  await user.click(within(dialog).getByRole('button', { name: 'Enable extension' }))
  expect(await within(card('pg_stat_statements')).findByRole('switch', { name: 'Disable pg_stat_statements' })).toBeInTheDocument()
  expect(state.enabled).toEqual([{ name: 'pg_stat_statements', cascade: false }])
})

it('disables with a warning about what depends on it, and cascade when asked', async () => {
  const state = platform()
  const { user } = renderPage()
  await screen.findByRole('list', { name: 'Extensions' })
  await user.click(within(card('cube')).getByRole('switch', { name: 'Disable cube' }))
  const dialog = screen.getByRole('dialog', { name: 'Disable cube' })
  expect(dialog).toHaveTextContent('These enabled extensions need it: earthdistance.')
  expect(within(dialog).getByLabelText('SQL that will run')).toHaveTextContent(/^drop extension "cube";$/)
  await user.click(within(dialog).getByRole('checkbox', { name: /cascade/ }))
  expect(within(dialog).getByLabelText('SQL that will run')).toHaveTextContent('drop extension "cube" cascade;')
  await user.click(within(dialog).getByRole('button', { name: 'Disable extension' }))
  expect(await within(card('cube')).findByRole('switch', { name: 'Enable cube' })).toBeInTheDocument()
  expect(state.disabled).toEqual(['cube cascade=true'])
})

it('lets a Read-only member see everything and change nothing', async () => {
  platform({ role: 'Read-only' })
  renderPage()
  expect(await screen.findByText('Your role can see extensions but not enable or disable them.')).toBeInTheDocument()
  for (const name of ['cube', 'citext', 'timescaledb']) for (const toggle of within(card(name)).getAllByRole('switch')) expect(toggle).toBeDisabled()
})

it('says so when the extensions cannot be read', async () => {
  platform({ fail: true })
  renderPage()
  expect(await screen.findByText("Could not read the project's extensions")).toBeInTheDocument()
  expect(screen.getByText('The project is paused.')).toBeInTheDocument()
})

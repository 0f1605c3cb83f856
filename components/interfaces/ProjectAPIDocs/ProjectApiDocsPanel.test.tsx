// @vitest-environment happy-dom
/**
 * The API docs, in the side panel and on their page, against an MSW-mocked platform: shown in the
 * panel only with its preview on, the introduction's client of the project's URL and anon key,
 * sections for the exposed tables, views and functions only, snippets in JavaScript or Bash with
 * every name written as it must be, authentication, the data API turned off, failures, closing.
 */
import { vi } from 'vitest'
import { act, screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import type { ApiDocsCatalog } from '@/lib/sql/api-docs-catalog'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import { ApiDocsPage } from './ApiDocsPage'
import { ProjectApiDocsPanel } from './ProjectApiDocsPanel'
import { withRouter } from '@/tests/helpers/router'

const router = { query: { ref: 'abc' }, pathname: '/project/[ref]/api', push: vi.fn() }

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const column = (name: string, type: string, extra = {}) => ({ name, type, required: false, writable: true, has_default: false, enum: null, ...extra })

const CATALOG: ApiDocsCatalog = {
  tables: [
    { schema: 'public', name: 'my "table"', kind: 'table', primary_key: ['id'], columns: [column('id', 'bigint', { has_default: true }), column("it's", 'text', { required: true })] },
    { schema: 'public', name: 'todo_counts', kind: 'view', primary_key: [], columns: [column('n', 'bigint')] },
    { schema: 'private', name: 'hidden', kind: 'table', primary_key: [], columns: [column('id', 'integer')] },
  ],
  functions: [
    { schema: 'public', name: 'add', identity: 'a integer, b integer', returns: 'integer', returns_set: false, args: [{ name: 'a', type: 'integer', has_default: false }, { name: 'b', type: 'integer', has_default: false }] },
  ],
}

const SETTINGS = {
  url: 'http://localhost:3000/p/abc',
  rest_url: 'http://localhost:3000/p/abc/rest/v1',
  anon_key: 'ANON.KEY',
  service_role_key: null,
  jwt_secret_rotated_at: null,
  data_api: { enabled: true, schemas: ['public'], max_rows: 1000, anon_statement_timeout_s: 3, authenticated_statement_timeout_s: 8 },
}

function platform({ catalog = CATALOG as ApiDocsCatalog | null, enabled = true } = {}) {
  server.use(
    http.get('*/api/platform/projects/abc/api-settings', () => HttpResponse.json({ ...SETTINGS, data_api: { ...SETTINGS.data_api, enabled } })),
    http.post('*/api/platform/pg-meta/abc/query', () =>
      catalog ? HttpResponse.json([{ catalog }]) : HttpResponse.json({ code: 400, message: 'permission denied for schema public', requestId: 'r1' }, { status: 400 })
    )
  )
}

beforeEach(() => {
  localStorage.clear()
  featurePreviewsState.enabled = {}
  featurePreviewsState.loaded = false
  appState.reset()
  localStorage.setItem(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL, 'true')
})

async function openPanel() {
  const { user } = renderWithQueries(withRouter(router, <ProjectApiDocsPanel projectRef="abc" />))
  await act(async () => {
    appState.showProjectApiDocs = true
  })
  return { user, panel: () => screen.getByRole('dialog', { name: 'API' }) }
}

const section = () => screen.getByRole('combobox', { name: 'Section' })
const snippets = () => screen.getAllByRole('figure').map((f) => f.querySelector('pre')?.textContent ?? '')

it('stays closed while the preview is off, even when asked to open', async () => {
  platform()
  localStorage.setItem(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL, 'false')
  await openPanel()
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('opens on the introduction: a client of the project’s URL and anon key, the keys, the errors', async () => {
  platform()
  await openPanel()
  expect(section()).toHaveDisplayValue('Introduction')
  expect(await screen.findByRole('heading', { name: 'The client' })).toBeInTheDocument()
  expect(snippets()[0]).toBe(`import { createClient } from '@supabase/supabase-js'\n\nconst supabase = createClient('http://localhost:3000/p/abc', 'ANON.KEY')`)
  expect(screen.getByRole('link', { name: 'Project settings → API' })).toHaveAttribute('href', '/project/abc/settings/api')
  expect(screen.getByRole('cell', { name: '401' })).toBeInTheDocument()
})

it('lists the exposed tables, views and functions only', async () => {
  platform()
  await openPanel()
  await screen.findByRole('option', { name: 'public.my "table"' })
  expect(screen.getByRole('option', { name: 'public.todo_counts' })).toBeInTheDocument()
  expect(screen.getByRole('option', { name: 'public.add(a integer, b integer)' })).toBeInTheDocument()
  expect(screen.queryByRole('option', { name: 'private.hidden' })).not.toBeInTheDocument()
})

it('documents a table picked in the section list: supabase-js with the plain name, PostgREST’s quotes in a filter', async () => {
  platform()
  const { user } = await openPanel()
  await screen.findByRole('option', { name: 'public.my "table"' })
  await user.selectOptions(section(), 'public.my "table"')
  expect(appState.activeDocsSection).toEqual(['tables', 'public', 'my "table"'])
  for (const title of ['Read rows', 'Insert a row', 'Update rows', 'Delete rows']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
  const [read, insert] = snippets()
  expect(read).toContain(`.from('my "table"')\n  .select('id, "it\\'s"')\n  .eq('id', 1)\n  .order('id', { ascending: true })\n  .range(0, 9)`)
  expect(insert).toContain(`.insert({ 'it\\'s': 'example' })`)
})

it('switches every snippet to Bash with curl, and back', async () => {
  platform()
  appState.activeDocsSection = ['tables', 'public', 'my "table"']
  const { user } = await openPanel()
  await screen.findByRole('heading', { name: 'Read rows' })
  await user.click(screen.getByRole('button', { name: 'Bash' }))
  expect(appState.docsLanguage).toBe('bash')
  const [read, insert] = snippets()
  // The single quote of "it's" leaves the shell word and comes back escaped.
  expect(read).toMatch(/^curl 'http:\/\/localhost:3000\/p\/abc\/rest\/v1\/my%20%22table%22\?select=id,%22it'\\''s%22&id=eq\.1&order=id\.asc&offset=0&limit=10'/)
  expect(read).toContain(`-H 'apikey: ANON.KEY'`)
  expect(read).toContain(`-H 'Authorization: Bearer ANON.KEY'`)
  expect(insert).toContain(`-d '{"it'\\''s":"example"}'`)
  await user.click(screen.getByRole('button', { name: 'JavaScript' }))
  expect(snippets()[0]).toMatch(/^const \{ data, error \} = await supabase/)
})

it('offers only reading for a view', async () => {
  platform()
  appState.activeDocsSection = ['tables', 'public', 'todo_counts']
  await openPanel()
  expect(await screen.findByRole('heading', { name: 'Read rows' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Insert a row' })).not.toBeInTheDocument()
})

it('documents a function: its arguments and the rpc call', async () => {
  platform()
  appState.activeDocsSection = ['functions', 'public', 'add', 'a integer, b integer']
  const { user } = await openPanel()
  expect(await screen.findByRole('heading', { name: 'Call the function' })).toBeInTheDocument()
  expect(screen.getByRole('cell', { name: 'a' })).toBeInTheDocument()
  expect(snippets()[0]).toBe(`const { data, error } = await supabase.rpc('add', { a: 1, b: 1 })`)
  await user.click(screen.getByRole('button', { name: 'Bash' }))
  expect(snippets()[0]).toContain(`curl -X POST 'http://localhost:3000/p/abc/rest/v1/rpc/add'`)
})

it('documents the project’s own users: sign up, sign in, the user, sign out', async () => {
  platform()
  const { user } = await openPanel()
  await user.selectOptions(section(), 'Authentication')
  for (const title of ['Sign up', 'Sign in with a password', 'Get the signed-in user', 'Sign out'])
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
  expect(snippets()[0]).toContain('supabase.auth.signUp({')
  await user.click(screen.getByRole('button', { name: 'Bash' }))
  expect(snippets()[0]).toContain(`curl -X POST 'http://localhost:3000/p/abc/auth/v1/signup'`)
  expect(snippets()[1]).toContain(`'http://localhost:3000/p/abc/auth/v1/token?grant_type=password'`)
})

it('lists the client libraries, official and community', async () => {
  platform()
  const { user } = await openPanel()
  await user.selectOptions(section(), 'Client libraries')
  const official = screen.getByRole('region', { name: 'Official client libraries' })
  expect(within(official).getByText('Javascript')).toBeInTheDocument()
  const community = screen.getByRole('region', { name: 'Community client libraries' })
  for (const language of ['C#', 'Dart (Flutter)', 'Go', 'Swift']) expect(within(community).getByText(language)).toBeInTheDocument()
})

it('says when the data API is turned off', async () => {
  platform({ enabled: false })
  await openPanel()
  expect(await screen.findByText('The data API is turned off')).toBeInTheDocument()
})

it('says when the tables cannot be read, and a table that is gone', async () => {
  platform({ catalog: null })
  appState.activeDocsSection = ['tables', 'public', 'gone']
  await openPanel()
  expect(await screen.findByText("Could not read the project's tables")).toBeInTheDocument()
  expect(screen.getByText('permission denied for schema public')).toBeInTheDocument()
  expect(screen.getByText('public.gone is not there any more')).toBeInTheDocument()
})

it('closes with its close button', async () => {
  platform()
  const { user, panel } = await openPanel()
  await user.click(within(panel()).getByRole('button', { name: 'Close' }))
  expect(appState.showProjectApiDocs).toBe(false)
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

it('the API docs page shows the same docs, without the preview', async () => {
  platform()
  localStorage.setItem(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL, 'false')
  const { user } = renderWithQueries(withRouter(router, <ApiDocsPage projectRef="abc" />))
  expect(screen.getByRole('heading', { name: 'API docs', level: 1 })).toBeInTheDocument()
  expect(await screen.findByRole('heading', { name: 'The client' })).toBeInTheDocument()
  expect(snippets()[0]).toContain(`createClient('http://localhost:3000/p/abc', 'ANON.KEY')`)
  // Wide screens list the sections beside the docs.
  const sections = screen.getByRole('navigation', { name: 'API docs sections' })
  expect(within(sections).getByRole('button', { name: 'Introduction' })).toHaveAttribute('aria-current', 'page')
  await user.click(await within(sections).findByRole('button', { name: 'public.add(a integer, b integer)' }))
  expect(screen.getByRole('heading', { name: 'Call the function' })).toBeInTheDocument()
  expect(within(sections).getByRole('button', { name: 'public.add(a integer, b integer)' })).toHaveAttribute('aria-current', 'page')
  expect(section()).toHaveDisplayValue('public.add(a integer, b integer)')
})

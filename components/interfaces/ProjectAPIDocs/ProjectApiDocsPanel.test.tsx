// @vitest-environment jsdom
/**
 * The API docs side panel against an MSW-mocked platform: shown only with its preview on, the
 * introduction first, sections picked from the project's tables, snippets in JavaScript or Bash
 * with every name quoted, the client libraries, self-hosted mode without a token, closing.
 */
import { vi } from 'vitest'

vi.hoisted(() => {
  process.env.NEXT_PUBLIC_API_URL = 'http://localhost:3000/api'
})

import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import type { SchemaCatalog } from '@/lib/sql/completion'
import { appState } from '@/state/app'
import { featurePreviewsState } from '@/state/feature-previews'
import { ProjectApiDocsPanel } from './ProjectApiDocsPanel'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const CATALOG: SchemaCatalog = {
  schemas: ['public'],
  tables: [
    { schema: 'public', name: 'my "table"', kind: 'table', columns: [{ name: 'we"ird col', type: 'integer' }, { name: "it's", type: 'text' }] },
    { schema: 'public', name: 'todo_counts', kind: 'view', columns: [{ name: 'n', type: 'bigint' }] },
  ],
  functions: [],
}

function platform({ isPlatform = true, catalog = CATALOG as SchemaCatalog | null } = {}) {
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
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
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ProjectApiDocsPanel projectRef="abc" />
    </QueryClientProvider>
  )
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

it('opens on the introduction: base URL, authentication with a token, errors', async () => {
  platform()
  await openPanel()
  expect(section()).toHaveDisplayValue('Introduction')
  expect(screen.getByRole('heading', { name: 'Base URL' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Authentication' })).toBeInTheDocument()
  expect(screen.getByRole('heading', { name: 'Errors' })).toBeInTheDocument()
  expect(snippets()[0]).toBe('http://localhost:3000/api/platform/pg-meta/abc/query')
  expect(snippets().join('\n')).toContain('Authorization: `Bearer ${ACCESS_TOKEN}`')
  expect(snippets().join('\n')).toContain('http://localhost:3000/auth/v1/token?grant_type=password')
  expect(screen.getByRole('button', { name: 'Copy my current access token' })).toBeInTheDocument()
  expect(screen.getByRole('cell', { name: '403' })).toBeInTheDocument()
})

it('documents a table picked in the section list, its names quoted in every snippet', async () => {
  platform()
  const { user } = await openPanel()
  await screen.findByRole('option', { name: 'public.my "table"' })
  await user.selectOptions(section(), 'public.my "table"')
  expect(appState.activeDocsSection).toEqual(['tables', 'public', 'my "table"'])
  for (const title of ['Read rows', 'Insert a row', 'Update rows', 'Delete rows']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument()
  const read = `select "we""ird col", "it's" from public."my ""table""" limit 10`
  expect(snippets()[0]).toContain(`body: JSON.stringify({ query: ${JSON.stringify(read)} }),`)
  expect(snippets()[1]).toContain(JSON.stringify(`insert into public."my ""table""" ("we""ird col", "it's") values (1, 'example') returning *`))
})

it('switches every snippet to Bash with curl, and back', async () => {
  platform()
  appState.activeDocsSection = ['tables', 'public', 'my "table"']
  const { user } = await openPanel()
  await screen.findByRole('heading', { name: 'Read rows' })
  await user.click(screen.getByRole('button', { name: 'Bash' }))
  expect(appState.docsLanguage).toBe('bash')
  const [read] = snippets()
  expect(read).toMatch(/^curl -X POST 'http:\/\/localhost:3000\/api\/platform\/pg-meta\/abc\/query'/)
  // The single quote of "it's" leaves the shell word and comes back escaped.
  expect(read).toContain(`--data '{"query":"select \\"we\\"\\"ird col\\", \\"it'\\''s\\" from public.\\"my \\"\\"table\\"\\"\\" limit 10"}'`)
  await user.click(screen.getByRole('button', { name: 'JavaScript' }))
  expect(snippets()[0]).toMatch(/^\/\/ ACCESS_TOKEN/)
})

it('offers only reading for a view', async () => {
  platform()
  appState.activeDocsSection = ['tables', 'public', 'todo_counts']
  await openPanel()
  expect(await screen.findByRole('heading', { name: 'Read rows' })).toBeInTheDocument()
  expect(screen.queryByRole('heading', { name: 'Insert a row' })).not.toBeInTheDocument()
})

it('lists the client libraries, official and community', async () => {
  platform()
  const { user } = await openPanel()
  await user.selectOptions(section(), 'Client libraries')
  const official = screen.getByRole('region', { name: 'Official client libraries' })
  expect(within(official).getByText('Javascript')).toBeInTheDocument()
  expect(within(official).getByText('Python')).toBeInTheDocument()
  const community = screen.getByRole('region', { name: 'Community client libraries' })
  for (const language of ['C#', 'Dart (Flutter)', 'Go', 'Java', 'Kotlin', 'Ruby', 'Rust', 'Swift', 'Godot GDScript'])
    expect(within(community).getByText(language)).toBeInTheDocument()
})

it('in self-hosted mode, asks for no token', async () => {
  platform({ isPlatform: false })
  await openPanel()
  expect(await screen.findByText(/requests need no token/)).toBeInTheDocument()
  expect(snippets().join('\n')).not.toContain('ACCESS_TOKEN')
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

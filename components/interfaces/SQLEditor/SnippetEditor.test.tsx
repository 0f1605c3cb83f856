// @vitest-environment happy-dom
/**
 * Saving snippets against an MSW-mocked content API: autosave after typing, retries that keep the
 * text in localStorage, conflicts and their three choices, text restored after a reload, a new
 * snippet getting its id, a snippet that does not exist, and a shared one the role may not change.
 */
import { vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Content, type OrganizationRole } from '@/lib/api-types'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { readPendingSave, writePendingSave } from '@/lib/sql-editor/pending-saves'
import { AUTOSAVE_DEBOUNCE_MS } from '@/state/save-schedule'
import { sqlEditorState } from '@/state/sql-editor'
import { contentSnippet } from '@/tests/fixtures/content'

const router = vi.hoisted(() => ({ query: {}, push: vi.fn(async () => true), replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('./MonacoEditor', () => import('./MonacoEditor.fake'))

const { SnippetEditor } = await import('./SnippetEditor')

const ID = '5f0c0000-0000-4000-8000-000000000001'
const BASE = '*/api/platform/projects/abc/content'

function snippet(over: Partial<Content> = {}): Content {
  return contentSnippet({ id: ID, name: 'Active users', version: 3, ...over })
}

type Put = Record<string, unknown> & { id: string; base_version?: number; content: { sql: string } }

/** The platform's side: the snippet as stored, every PUT received, and what the next PUTs answer. */
function platform({ stored = snippet() as Content | null, role = 'Developer' as OrganizationRole } = {}) {
  const state = { stored, puts: [] as Put[], answers: [] as Array<(put: Put) => Response> }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.put(`${BASE}/last-visited`, async ({ request }) => HttpResponse.json({ ...((await request.json()) as object), visited_at: '2026-01-01T00:00:00Z' })),
    http.get(`${BASE}/:id`, ({ params }) =>
      state.stored && params.id === state.stored.id
        ? HttpResponse.json(state.stored)
        : HttpResponse.json({ code: 404, message: 'This snippet does not exist' }, { status: 404 })
    ),
    http.get(BASE, () => HttpResponse.json({ data: [], cursor: null, last_visited_id: null })),
    http.put(BASE, async ({ request }) => {
      const put = (await request.json()) as Put
      state.puts.push(put)
      const answer = state.answers.shift()
      if (answer) return answer(put)
      const next = { ...(state.stored ?? snippet({ id: put.id, version: 0 })), id: put.id, name: put.name as string, content: put.content }
      state.stored = { ...next, version: next.version + 1 }
      return HttpResponse.json(state.stored)
    })
  )
  return state
}

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  sqlEditorState.reset()
  router.push.mockClear()
  router.replace.mockClear()
})
afterEach(() => {
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())

function open(id = ID) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id={id} />
    </QueryClientProvider>
  )
}

/** Lets time pass (for a debounce that must not fire), with React's updates inside act(). */
const pause = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)))

const pendingKey = LOCAL_STORAGE_KEYS.PENDING_SQL_SAVE('abc', ID)

it('opens the snippet, and autosaves typing with one PUT based on its version', async () => {
  const user = userEvent.setup()
  const state = platform()
  open()
  const editor = await screen.findByLabelText('SQL')
  expect(editor).toHaveValue('select 1')
  expect(screen.getByText('Saved')).toBeInTheDocument()
  await user.type(editor, ' as one')
  expect(screen.getByText('Unsaved changes')).toBeInTheDocument()
  await screen.findByText('Saved', undefined, { timeout: 3_000 })
  expect(state.puts).toEqual([
    { id: ID, name: 'Active users', type: 'sql', visibility: 'user', content: { sql: 'select 1 as one' }, base_version: 3 },
  ])
  expect(localStorage.getItem(pendingKey)).toBeNull()
})

it('saves at once with Ctrl+S', async () => {
  const user = userEvent.setup()
  const state = platform()
  open()
  const editor = await screen.findByLabelText('SQL')
  await user.type(editor, ';')
  await user.keyboard('{Control>}s{/Control}')
  await waitFor(() => expect(state.puts).toHaveLength(1))
  expect(state.puts[0].content.sql).toBe('select 1;')
})

it('keeps the text in localStorage through a 503, retries, and clears it once saved', async () => {
  const user = userEvent.setup()
  const state = platform()
  state.answers.push(() => HttpResponse.json({ code: 503, message: 'Service unavailable' }, { status: 503 }))
  open()
  await user.type(await screen.findByLabelText('SQL'), ' + 1')
  expect(await screen.findByText(/Not saved — retrying in \ds/, undefined, { timeout: 3_000 })).toBeInTheDocument()
  expect(readPendingSave('abc', ID)).toMatchObject({ sql: 'select 1 + 1', base_version: 3 })
  expect(screen.getByRole('button', { name: 'Save now' })).toBeInTheDocument()
  await screen.findByText('Saved', undefined, { timeout: 5_000 })
  expect(state.puts.map((p) => p.content.sql)).toEqual(['select 1 + 1', 'select 1 + 1'])
  expect(readPendingSave('abc', ID)).toBeNull()
})

describe('a conflict', () => {
  const theirs = snippet({ version: 4, content: { sql: 'select theirs' }, updated_by: { id: 2, username: 'bob' } })

  async function conflict() {
    const user = userEvent.setup()
    const state = platform()
    state.answers.push(() => {
      state.stored = theirs
      return HttpResponse.json({ code: 409, message: 'This snippet was saved by someone else', current: theirs }, { status: 409 })
    })
    open()
    await user.type(await screen.findByLabelText('SQL'), ' -- mine')
    const dialog = await screen.findByRole('dialog', { name: 'This snippet was changed elsewhere' }, { timeout: 3_000 })
    expect(dialog).toHaveTextContent('bob saved a newer version')
    return { user, state, dialog }
  }

  it('stops autosaving; Keep mine saves again on the current version', async () => {
    const { user, state, dialog } = await conflict()
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }))
    await screen.findByText('Saved')
    expect(state.puts.map((p) => [p.content.sql, p.base_version])).toEqual([
      ['select 1 -- mine', 3],
      ['select 1 -- mine', 4],
    ])
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('Use theirs replaces the text and saves nothing', async () => {
    const { user, state, dialog } = await conflict()
    await user.click(within(dialog).getByRole('button', { name: 'Use theirs' }))
    expect(screen.getByLabelText('SQL')).toHaveValue('select theirs')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await pause(1_200)
    expect(state.puts).toHaveLength(1)
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('Save mine as a new snippet creates another and opens it', async () => {
    const { user, state, dialog } = await conflict()
    await user.click(within(dialog).getByRole('button', { name: 'Save mine as a new snippet' }))
    await waitFor(() => expect(router.push).toHaveBeenCalled())
    const copy = state.puts[1]
    expect(copy.id).not.toBe(ID)
    expect(copy).toMatchObject({ name: 'Active users (my version)', content: { sql: 'select 1 -- mine' } })
    expect(copy.base_version).toBeUndefined()
    expect(router.push).toHaveBeenCalledWith(`/project/abc/sql/${copy.id}`)
    expect(readPendingSave('abc', ID)).toBeNull()
  })

  it('closing the modal decides nothing: the toolbar offers to resolve it', async () => {
    const { user } = await conflict()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByText('Not saved — changed elsewhere')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Resolve' }))
    expect(screen.getByRole('dialog', { name: 'This snippet was changed elsewhere' })).toBeInTheDocument()
  })
})

it('restores text that was never acknowledged, says so, and saves it', async () => {
  const state = platform()
  writePendingSave('abc', ID, { sql: 'select pending', name: 'Active users', base_version: 3, updated_at: Date.now() })
  open()
  expect(await screen.findByLabelText('SQL')).toHaveValue('select pending')
  expect(screen.getByText(/Restored changes that were not saved yet/)).toBeInTheDocument()
  await screen.findByText('Saved', undefined, { timeout: 3_000 })
  expect(state.puts).toMatchObject([{ content: { sql: 'select pending' }, base_version: 3 }])
  expect(readPendingSave('abc', ID)).toBeNull()
})

it('creates a new snippet on the first save and puts its id in the URL, keeping the editor', async () => {
  const user = userEvent.setup()
  const state = platform({ stored: null })
  const { rerender } = open('new')
  const editor = await screen.findByLabelText('SQL')
  expect(screen.getByText('Not saved yet')).toBeInTheDocument()
  await user.type(editor, 'select now()')
  await screen.findByText('Saved', undefined, { timeout: 3_000 })
  const [put] = state.puts
  expect(put).toMatchObject({ name: 'select now()', visibility: 'user', content: { sql: 'select now()' } })
  expect(put.base_version).toBeUndefined()
  expect(put.id).toMatch(/^[0-9a-f-]{36}$/)
  expect(router.replace).toHaveBeenCalledWith(`/project/abc/sql/${put.id}`, undefined, { shallow: true })
  // The route now names the id: the same editor stays, with its text.
  rerender(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id={put.id} />
    </QueryClientProvider>
  )
  expect(screen.getByLabelText('SQL')).toBe(editor)
  expect(editor).toHaveValue('select now()')
  // "New snippet" afterwards: another, empty editor.
  rerender(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id="new" />
    </QueryClientProvider>
  )
  expect(await screen.findByLabelText('SQL')).toHaveValue('')
  expect(screen.getByText('Not saved yet')).toBeInTheDocument()
})

it('sends the last keystrokes of a new snippet when the editor goes away, without pulling the URL back', async () => {
  const user = userEvent.setup()
  const state = platform({ stored: null })
  const { unmount } = open('new')
  await user.type(await screen.findByLabelText('SQL'), 'select 2')
  unmount()
  await waitFor(() => expect(state.puts).toHaveLength(1))
  expect(state.puts[0]).toMatchObject({ content: { sql: 'select 2' } })
  expect(router.replace).not.toHaveBeenCalled()
  await waitFor(() => expect(readPendingSave('abc', state.puts[0].id)).toBeNull())
})

it('saves a library snippet as a new one on the first edit, not before', async () => {
  const user = userEvent.setup()
  const state = platform({ stored: null })
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id="new" librarySnippet={{ id: 7, sql: '-- Slack clone\ncreate table channels ();' }} />
    </QueryClientProvider>
  )
  const editor = await screen.findByLabelText('SQL')
  expect(editor).toHaveValue('-- Slack clone\ncreate table channels ();')
  await pause(1_200)
  expect(state.puts).toEqual([])
  await user.type(editor, '\n')
  await screen.findByText('Saved', undefined, { timeout: 3_000 })
  expect(state.puts).toMatchObject([{ name: 'Slack clone', content: { sql: '-- Slack clone\ncreate table channels ();\n' } }])
})

it('says so when the snippet does not exist', async () => {
  platform({ stored: null })
  open()
  expect(await screen.findByText('This snippet does not exist or is not shared with you')).toBeInTheDocument()
  expect(screen.getByRole('link', { name: 'New snippet' })).toHaveAttribute('href', '/project/abc/sql/new')
})

it('shows a shared snippet read-only to a role that cannot change it, and saves nothing', async () => {
  const state = platform({ stored: snippet({ visibility: 'project', owner: { id: 2, username: 'bob' } }), role: 'Read-only' })
  open()
  await waitFor(() => expect(screen.getByTestId('sql-editor-cannot-save')).toHaveTextContent('View only'))
  expect(screen.getByLabelText('SQL')).toHaveAttribute('readonly')
  // Typing and Ctrl/Cmd+S send nothing, even after the autosave delay.
  const user = userEvent.setup()
  await user.type(screen.getByLabelText('SQL'), 'x')
  await user.keyboard('{Control>}s{/Control}')
  await new Promise((resolve) => setTimeout(resolve, AUTOSAVE_DEBOUNCE_MS + 200))
  expect(state.puts).toEqual([])
})

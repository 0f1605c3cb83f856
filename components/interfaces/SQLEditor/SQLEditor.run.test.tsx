// @vitest-environment happy-dom
/**
 * The editor's run path and toolbar against an MSW-mocked platform: the row limit (sent, never
 * written into the editor), the question before destructive SQL, cancelling a running query,
 * Format SQL, and SQL inserted by the AI assistant.
 */
import { vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { toast } from 'sonner'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type Content, type OrganizationRole } from '@/lib/api-types'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { formatSql } from '@/lib/sql/format'
import { aiAssistantState } from '@/state/ai-assistant'
import { sqlEditorState } from '@/state/sql-editor'
import { contentSnippet } from '@/tests/fixtures/content'
import { controlledStream, ndjsonAnswer, ndjsonOf } from '@/tests/fixtures/results'

const router = vi.hoisted(() => ({ query: {}, push: vi.fn(async () => true), replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('./MonacoEditor', () => import('./MonacoEditor.fake'))
recordToasts()

const { SnippetEditor } = await import('./SnippetEditor')

const ID = '5f0c0000-0000-4000-8000-000000000002'

function snippet(sql: string): Content {
  return contentSnippet({ id: ID, sql })
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ n: i + 1 }))
const answer = (n: number) => ndjsonAnswer([{ command: 'SELECT', rowCount: n, columns: [{ name: 'n', dataTypeID: 23 }], rows: rows(n) }])

type Run = { sql: string; queryId: string | null }

/** The platform: the snippet, every run and cancel received, and how the next runs answer. */
function platform(sql: string, { role = 'Developer' as OrganizationRole } = {}) {
  const state = { runs: [] as Run[], cancels: [] as string[], answers: [] as Array<(run: Run) => Response | Promise<Response>> }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () =>
      HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    ),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.put('*/api/platform/projects/abc/content/last-visited', () => HttpResponse.json({ id: ID, visited_at: '2026-01-01T00:00:00Z' })),
    http.get('*/api/platform/projects/abc/content/:id', () => HttpResponse.json(snippet(sql))),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      const run = { sql: ((await request.json()) as { query: string }).query, queryId: new URL(request.url).searchParams.get('query_id') }
      state.runs.push(run)
      return (state.answers.shift() ?? (() => answer(1)))(run)
    }),
    http.post('*/api/platform/projects/abc/query/:queryId/cancel', ({ params }) => {
      state.cancels.push(params.queryId as string)
      return HttpResponse.json({ cancelled: true })
    })
  )
  return state
}

// Edits are autosaved, also as the editor unmounts after a test: those saves always land.
const server = setupServer(
  http.put('*/api/platform/projects/abc/content', async ({ request }) => HttpResponse.json({ ...snippet(''), ...((await request.json()) as object), version: 2 }))
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  sqlEditorState.reset()
  aiAssistantState.reset()
})
afterEach(() => {
  cleanup() // before clearing storage: unmounting saves (and keeps a pending copy until it lands)
  server.resetHandlers()
  localStorage.clear()
})
afterAll(() => server.close())

async function open() {
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id={ID} />
    </QueryClientProvider>
  )
  const editor = await screen.findByLabelText('SQL')
  // Run is enabled once the role's permissions are known.
  await waitFor(() => expect(screen.getByRole('button', { name: /^Run/ })).toBeEnabled())
  return { user, editor }
}

const runButton = () => screen.getByRole('button', { name: /^Run/ })

it('runs a Ctrl/Cmd+Enter pressed before the role is known, once it is known', async () => {
  const state = platform('select 1')
  let release!: () => void
  const known = new Promise<void>((resolve) => (release = resolve))
  server.use(
    http.get('*/api/platform/profile/permissions', async () => {
      await known
      return HttpResponse.json([{ organization_id: 7, organization_slug: 'acme', actions: actionsOf('Developer'), resources: ['*'], condition: null, restrictive: false }])
    })
  )
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SnippetEditor projectRef="abc" id={ID} />
    </QueryClientProvider>
  )
  const editor = await screen.findByLabelText('SQL')
  expect(runButton()).toBeDisabled()
  await user.click(editor)
  await user.keyboard('{Control>}{Enter}{/Control}')
  expect(state.runs).toEqual([])
  release()
  await waitFor(() => expect(state.runs).toHaveLength(1))
  expect(state.runs[0].sql).toBe('select 1 limit 100')
})

describe('the row limit', () => {
  it('is appended to a single select that is sent, not to the editor text', async () => {
    const state = platform('select n from numbers;')
    state.answers.push(() => answer(100))
    const { user, editor } = await open()
    expect(screen.getByLabelText('Row limit')).toHaveValue('100')
    await user.click(runButton())
    await waitFor(() => expect(state.runs).toHaveLength(1))
    expect(state.runs[0].sql).toBe('select n from numbers limit 100;')
    expect(editor).toHaveValue('select n from numbers;')
    await waitFor(() => expect(sqlEditorState.snippets[`abc/${ID}`].lastRun?.rowLimitApplied).toBe(100))
  })

  it('"No limit" sends the SQL as typed, and is remembered', async () => {
    const state = platform('select n from numbers')
    const { user } = await open()
    await user.selectOptions(screen.getByLabelText('Row limit'), 'No limit')
    expect(localStorage.getItem(LOCAL_STORAGE_KEYS.SQL_EDITOR_ROW_LIMIT)).toBe('none')
    await user.click(runButton())
    await waitFor(() => expect(state.runs).toHaveLength(1))
    expect(state.runs[0].sql).toBe('select n from numbers')
    await waitFor(() => expect(sqlEditorState.snippets[`abc/${ID}`].lastRun?.rowLimitApplied).toBeNull())
  })
})

it('runs only the selection, with the limit, and asks nothing for a select next to a drop', async () => {
  const state = platform('drop table todos;\nselect n from numbers')
  const { user, editor } = await open()
  const text = (editor as HTMLTextAreaElement).value
  ;(editor as HTMLTextAreaElement).setSelectionRange(text.indexOf('select'), text.length)
  await user.click(runButton())
  await waitFor(() => expect(state.runs).toHaveLength(1))
  expect(state.runs[0].sql).toBe('select n from numbers limit 100')
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
})

describe('destructive SQL', () => {
  it('asks first; Cancel (focused, so Enter does not run it) sends nothing', async () => {
    const state = platform('select 1;\ndelete from todos\n  where false or true;')
    const { user } = await open()
    await user.click(runButton())
    const dialog = await screen.findByRole('dialog', { name: 'This query may change or remove data' })
    expect(within(dialog).getByRole('list')).toHaveTextContent('DELETEdelete from todos')
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' })
    expect(cancel).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(state.runs).toEqual([])
    // Asked for again and confirmed: exactly one run reaches the platform, so the Enter sent none.
    await user.click(runButton())
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run this query' }))
    await waitFor(() => expect(state.runs).toHaveLength(1))
  })

  it('runs after "Run this query"', async () => {
    const state = platform('drop table todos')
    const { user } = await open()
    await user.click(runButton())
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Run this query' }))
    await waitFor(() => expect(state.runs).toHaveLength(1))
    expect(state.runs[0].sql).toBe('drop table todos')
  })

  it('is not asked of a Read-only member, whose runs cannot change data', async () => {
    const state = platform('drop table todos', { role: 'Read-only' })
    const { user } = await open()
    await user.click(runButton())
    await waitFor(() => expect(state.runs).toHaveLength(1))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})

it('cancels a running query: a timer counts, the outcome says cancelled, and the next run works', async () => {
  const state = platform('select pg_sleep(60)')
  let release: (() => void) | undefined
  state.answers.push(async () => {
    // Held until the cancel arrives, then Postgres' answer to a cancelled statement.
    await new Promise<void>((resolve) => (release = resolve))
    return HttpResponse.json(
      { code: 400, message: 'canceling statement due to user request', pg: { code: '57014' } },
      { status: 400 }
    )
  })
  server.use(
    http.post('*/api/platform/projects/abc/query/:queryId/cancel', ({ params }) => {
      state.cancels.push(params.queryId as string)
      release?.()
      return HttpResponse.json({ cancelled: true })
    })
  )
  const { user } = await open()
  await user.click(runButton())
  const cancel = await screen.findByRole('button', { name: 'Cancel' })
  expect(screen.getByTestId('sql-run-timer')).toHaveTextContent(/\d+\.\d s/)
  await user.click(cancel)
  await screen.findByText('Query cancelled')
  expect(state.cancels).toEqual([state.runs[0].queryId])
  expect(state.runs[0].queryId).toMatch(/^[0-9a-f-]{36}$/)
  expect(sqlEditorState.snippets[`abc/${ID}`].lastRun).toMatchObject({ cancelled: true, error: { message: 'Query cancelled' } })
  expect(sqlEditorState.snippets[`abc/${ID}`].lastRun?.error?.location).toBeUndefined()
  expect(screen.queryByTestId('sql-run-timer')).not.toBeInTheDocument()

  await user.click(runButton())
  await waitFor(() => expect(state.runs).toHaveLength(2))
  expect(state.runs[1].queryId).not.toBe(state.runs[0].queryId)
  await waitFor(() => expect(sqlEditorState.snippets[`abc/${ID}`].lastRun).toMatchObject({ cancelled: false, error: null }))
})

it('Escape in the editor cancels the running query', async () => {
  const state = platform('select pg_sleep(60)')
  let release: (() => void) | undefined
  state.answers.push(async () => {
    await new Promise<void>((resolve) => (release = resolve))
    return HttpResponse.json({ code: 400, message: 'canceling statement due to user request', pg: { code: '57014' } }, { status: 400 })
  })
  server.use(
    http.post('*/api/platform/projects/abc/query/:queryId/cancel', () => {
      release?.()
      return HttpResponse.json({ cancelled: true })
    })
  )
  const { user, editor } = await open()
  await user.click(editor)
  await user.keyboard('{Control>}{Enter}{/Control}')
  await screen.findByRole('button', { name: 'Cancel' })
  await user.keyboard('{Escape}')
  await screen.findByText('Query cancelled')
})

describe('Format SQL', () => {
  it('replaces the text with the formatted SQL', async () => {
    platform('select id, name from orders where paid = true')
    const { user, editor } = await open()
    await user.click(screen.getByRole('button', { name: 'Format SQL' }))
    // The formatter is downloaded on first use: the text changes a moment later.
    await waitFor(() => expect(editor).toHaveValue(formatSql('select id, name from orders where paid = true').sql))
  })

  it('formats with Shift+Alt+F in the editor', async () => {
    platform('select 1 as one')
    const { user, editor } = await open()
    await user.click(editor)
    await user.keyboard('{Shift>}{Alt>}F{/Alt}{/Shift}')
    await waitFor(() => expect(editor).toHaveValue('SELECT\n  1 AS one'))
  })

  it('formats only the selection when there is one', async () => {
    platform('-- keep me\nselect 1 as one')
    const { user, editor } = await open()
    ;(editor as HTMLTextAreaElement).setSelectionRange(11, 26)
    await user.click(screen.getByRole('button', { name: 'Format SQL' }))
    await waitFor(() => expect(editor).toHaveValue('-- keep me\nSELECT\n  1 AS one'))
  })

  it('leaves SQL it cannot read as it was, and says why', async () => {
    platform("select 'unterminated")
    const { user, editor } = await open()
    await user.click(screen.getByRole('button', { name: 'Format SQL' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^Could not format the SQL: .+/)))
    expect(editor).toHaveValue("select 'unterminated")
    expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/^Could not format the SQL: .+/))
  })
})

describe('SQL from the AI assistant', () => {
  it('is inserted when the editor opens, and as it arrives', async () => {
    platform('')
    aiAssistantState.sqlSnippets.push('select 42;')
    const { editor } = await open()
    await waitFor(() => expect(editor).toHaveValue('select 42;'))
    expect(aiAssistantState.sqlSnippets).toEqual([])
    await act(async () => {
      aiAssistantState.sqlSnippets.push('select 43;')
    })
    // On a line of its own, never glued to the end of the cursor's line.
    await waitFor(() => expect(editor).toHaveValue('select 42;\nselect 43;'))
    expect(aiAssistantState.sqlSnippets).toEqual([])
  })

  it('goes on a new line after the cursor, or over the selection', async () => {
    platform('select 1;\nselect 2;')
    const { editor } = await open()
    ;(editor as HTMLTextAreaElement).setSelectionRange(4, 4)
    await act(async () => {
      aiAssistantState.sqlSnippets.push('select 42;')
    })
    await waitFor(() => expect(editor).toHaveValue('select 1;\nselect 42;\nselect 2;'))
    ;(editor as HTMLTextAreaElement).setSelectionRange(7, 8)
    await act(async () => {
      aiAssistantState.sqlSnippets.push('100')
    })
    await waitFor(() => expect(editor).toHaveValue('select 100;\nselect 42;\nselect 2;'))
  })
})

describe('streamed results', () => {
  it('shows the first rows and a live count while the rest is still on its way, then the whole result', async () => {
    const state = platform('select n from numbers')
    const stream = controlledStream()
    state.answers.push(stream.answer)
    const { user } = await open()
    await user.selectOptions(screen.getByLabelText('Row limit'), 'No limit')
    await user.click(runButton())
    await waitFor(() => expect(stream.open).toBe(true))
    act(() => {
      stream.push({ type: 'columns', columns: [{ name: 'n', dataTypeID: 23 }, { name: 'n', dataTypeID: 25 }] })
      stream.push({ type: 'rows', rows: [[1, 'one'], [2, 'two']] })
    })
    // Shown before the run ended (jsdom lays nothing out: the grid's row count says what it holds).
    const grid = await screen.findByRole('grid')
    expect(grid).toHaveAttribute('aria-rowcount', '3')
    expect(within(screen.getByRole('region', { name: 'Results' })).getByRole('status')).toHaveTextContent('2 rows so far…')
    // Both columns named n keep their own values.
    expect(sqlEditorState.snippets[`abc/${ID}`].lastRun?.results?.[0].rows.row(1)).toEqual([2, 'two'])
    expect(screen.getByRole('button', { name: /Cancel/ })).toBeInTheDocument()
    // Export waits for the whole result.
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled()

    act(() => {
      stream.push({ type: 'rows', rows: [[3, 'three']] })
      stream.push({ type: 'complete', command: 'SELECT', rowCount: 3 })
      stream.push({ type: 'notice', severity: 'NOTICE', message: 'all done' })
      stream.push({ type: 'end', durationMs: 7 })
      stream.finish()
    })
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Results' })).getByRole('status')).toHaveTextContent('3 rows · 7 ms'))
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '4')
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled()
    expect(screen.getByText('1 notice')).toBeInTheDocument()
  })

  it('follows each new statement as it streams in, until the user picks a tab', async () => {
    const state = platform("do $$ begin raise notice 'hi'; end $$; select n from numbers")
    const stream = controlledStream()
    state.answers.push(stream.answer)
    const { user } = await open()
    await user.click(runButton())
    await waitFor(() => expect(stream.open).toBe(true))
    act(() => stream.push({ type: 'complete', command: 'DO', rowCount: null }))
    // The first statement is shown on its own before the next one starts.
    expect(await screen.findByText('Success. No rows returned')).toBeInTheDocument()
    act(() => {
      stream.push({ type: 'columns', columns: [{ name: 'n', dataTypeID: 23 }] })
      stream.push({ type: 'rows', rows: [[1]] })
    })
    const tabs = within(await screen.findByRole('tablist', { name: 'Statement results' }))
    await waitFor(() => expect(tabs.getAllByRole('tab')).toHaveLength(2))
    expect(tabs.getAllByRole('tab')[1]).toHaveAttribute('aria-selected', 'true')
    expect(tabs.getAllByRole('tab')[1]).toHaveTextContent('1 row so far…')
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '2')
    // Picked by the user: stays, however many rows or statements come.
    await user.click(tabs.getAllByRole('tab')[0])
    act(() => stream.push({ type: 'rows', rows: [[2]] }))
    await waitFor(() => expect(tabs.getAllByRole('tab')[1]).toHaveTextContent('2 rows'))
    expect(tabs.getAllByRole('tab')[0]).toHaveAttribute('aria-selected', 'true')
  })

  it('shows the error of a statement that failed after earlier results streamed', async () => {
    const state = platform('select 1; select 1/0')
    state.answers.push(() =>
      ndjsonOf([
        { type: 'columns', columns: [{ name: 'one', dataTypeID: 23 }] },
        { type: 'rows', rows: [[1]] },
        { type: 'complete', command: 'SELECT', rowCount: 1 },
        { type: 'error', status: 400, message: 'division by zero', pg: { code: '22012' } },
      ])
    )
    const { user } = await open()
    await user.click(runButton())
    expect(await screen.findByTestId('sql-error')).toHaveTextContent('division by zero')
    expect(screen.getByTestId('sql-error')).toHaveTextContent('SQLSTATE 22012')
  })
})

// @vitest-environment happy-dom
/**
 * The editor panel against an MSW-mocked platform: its label and save label, templates while the
 * text is empty, Save running the SQL (summary, or Postgres' error), roles, closing, and handing
 * the prompt to the AI assistant.
 */
import { vi } from 'vitest'

/** The stand-in editor last mounted, to edit its model as Monaco's own input does (outside React). */
const mounted = vi.hoisted(() => ({ editor: null as null | { getModel: () => EditableModel } }))
type EditableModel = { getFullModelRange: () => unknown; pushEditOperations: (selections: unknown[], edits: { range: unknown; text: string }[]) => void }
vi.mock('@/components/interfaces/SQLEditor/MonacoEditor', async () => {
  const fake = await import('@/components/interfaces/SQLEditor/MonacoEditor.fake')
  const { createElement } = await import('react')
  type Props = Parameters<typeof fake.default>[0]
  const Capturing = (props: Props) =>
    createElement(fake.default, {
      ...props,
      onMount: (editor: unknown, monaco: unknown) => {
        mounted.editor = editor as typeof mounted.editor
        props.onMount?.(editor, monaco)
      },
    })
  return { ...fake, default: Capturing }
})

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { useSnapshot } from 'valtio'
import { createQueryClient } from '@/data/query-client'
import { actionsOf, type OrganizationRole } from '@/lib/api-types'
import { aiAssistantState } from '@/state/ai-assistant'
import { editorPanelState, type EditorPanelOptions } from '@/state/editor-panel'
import { openAiAssistant, openEditorPanel } from '@/state/side-panels'
import { ndjsonAnswer } from '@/tests/fixtures/results'
import { EditorPanel } from './EditorPanel'
import { EditorPanelToggle } from './EditorPanelToggle'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
beforeEach(() => {
  editorPanelState.reset()
  aiAssistantState.reset()
})
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** The platform: project abc of organization 7, the caller's role there, and every SQL received. */
function platform({ role = 'Developer' as OrganizationRole, organizationId = 7 } = {}) {
  const state = { runs: [] as string[], answers: [] as Array<() => Response>, permissionsAsked: false }
  server.use(
    http.get('*/api/config', () => HttpResponse.json({ isPlatform: true, productName: 'Dashboard', authUrl: '/auth/v1', apiMocking: false })),
    http.get('*/api/platform/profile/permissions', () => {
      state.permissionsAsked = true
      return HttpResponse.json([{ organization_id: organizationId, organization_slug: 'acme', actions: actionsOf(role), resources: ['*'], condition: null, restrictive: false }])
    }),
    http.get('*/api/platform/projects/abc', () => HttpResponse.json({ ref: 'abc', organization_id: 7, status: 'ACTIVE_HEALTHY' })),
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      state.runs.push(((await request.json()) as { query: string }).query)
      return (state.answers.shift() ?? (() => ndjsonAnswer([])))()
    })
  )
  return state
}

/** Mounted as ProjectLayout mounts it: only while the store says open. */
function Harness() {
  const { open } = useSnapshot(editorPanelState)
  return (
    <>
      <EditorPanelToggle />
      {open && <EditorPanel projectRef="abc" />}
    </>
  )
}

function openPanel(options: EditorPanelOptions = {}) {
  openEditorPanel(options)
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>
  )
  return { user, panel: () => screen.getByRole('complementary'), text: () => screen.getByRole('textbox', { name: 'SQL' }) }
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }))

it('shows the label and the save label', () => {
  platform()
  const { panel } = openPanel({ label: 'Edit function body', saveLabel: 'Save function' })
  expect(within(panel()).getByRole('heading', { name: 'Edit function body' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save function' })).toBeInTheDocument()
})

it('defaults to "SQL" and "Save"', () => {
  platform()
  editorPanelState.saveLabel = ''
  const { panel } = openPanel()
  expect(within(panel()).getByRole('heading', { name: 'SQL' })).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument()
})

it('is seeded with the initial value, and shows no templates then', async () => {
  platform()
  openPanel({ initialValue: 'select 1' })
  // Monaco loads in the browser only, after the panel (the tests' stand-in too).
  expect(await screen.findByRole('textbox', { name: 'SQL' })).toHaveValue('select 1')
  expect(screen.queryByRole('heading', { name: 'Start from a template' })).not.toBeInTheDocument()
})

it('lists the templates while empty; the filter narrows them and picking one fills the text', async () => {
  platform()
  const { user, text } = openPanel()
  await screen.findByRole('textbox', { name: 'SQL' })
  const list = screen.getByRole('list', { name: 'Start from a template' })
  expect(within(list).getAllByRole('listitem')).toHaveLength(editorPanelState.templates.length)
  await user.type(screen.getByRole('searchbox', { name: 'Filter templates' }), 'active connections')
  expect(within(list).getAllByRole('listitem')).toHaveLength(1)
  await user.click(within(list).getByRole('button', { name: /Show active connections/ }))
  const template = editorPanelState.templates.find((t) => t.name === 'Show active connections')!
  expect(text()).toHaveValue(template.content)
  expect(screen.queryByRole('list', { name: 'Start from a template' })).not.toBeInTheDocument()

  // Emptied again, the templates come back.
  await user.clear(text())
  expect(screen.getByRole('list', { name: 'Start from a template' })).toBeInTheDocument()
  await user.type(screen.getByRole('searchbox', { name: 'Filter templates' }), 'nothing like this')
  expect(screen.getByText('No templates match “nothing like this”')).toBeInTheDocument()
})

it('Save runs the SQL in the project database, says "Running…", then sums up', async () => {
  const state = platform()
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  state.answers.push(() => ndjsonAnswer([{ command: 'SELECT', rowCount: 3, columns: [{ name: 'id', dataTypeID: 23 }], rows: rows(3) }]))
  server.use(
    http.post('*/api/platform/pg-meta/abc/query', async ({ request }) => {
      state.runs.push(((await request.json()) as { query: string }).query)
      await held
      return state.answers.shift()!()
    })
  )
  const { user } = openPanel({ initialValue: 'select id from todos', saveLabel: 'Run' })
  const save = screen.getByRole('button', { name: 'Run' })
  await waitFor(() => expect(save).toBeEnabled())
  await user.click(save)
  expect(await screen.findByRole('button', { name: 'Running…' })).toBeDisabled()
  await waitFor(() => expect(state.runs).toEqual(['select id from todos']))
  release()
  expect(await screen.findByText('Success. 3 rows')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled()
})

it('Ctrl+Enter in the text saves too, and a command is summed up by its tag', async () => {
  const state = platform()
  state.answers.push(() => ndjsonAnswer([{ command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] }]))
  const { user, text } = openPanel({ initialValue: 'create table t (id int)' })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
  await user.click(text())
  await user.keyboard('{Control>}{Enter}{/Control}')
  expect(await screen.findByText('Success. CREATE TABLE')).toBeInTheDocument()
  expect(state.runs).toEqual(['create table t (id int)'])
})

it('Ctrl+Enter right after an edit runs the text the editor holds, before the panel re-renders with it', async () => {
  const state = platform()
  state.answers.push(() => ndjsonAnswer([{ command: 'SELECT', rowCount: 1, columns: [{ name: 'answer', dataTypeID: 23 }], rows: [{ answer: 42 }] }]))
  const { text } = openPanel()
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('title', 'Write some SQL first'))
  // Monaco's model holds typed text at once and tells the panel outside any React event, so the
  // panel may not have re-rendered with it when ⌘↵ comes (one act: no render in between).
  act(() => {
    const model = mounted.editor!.getModel()
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: 'select 42 as answer' }])
    fireEvent.keyDown(text(), { key: 'Enter', code: 'Enter', ctrlKey: true })
  })
  expect(await screen.findByText('Success. 1 row')).toBeInTheDocument()
  expect(state.runs).toEqual(['select 42 as answer'])
})

it("shows Postgres' message, place, detail and hint when the SQL fails", async () => {
  const state = platform()
  state.answers.push(() =>
    HttpResponse.json(
      { code: 400, message: 'relation "todo" does not exist', pg: { code: '42P01', position: 15, detail: 'No such table here.', hint: 'Perhaps you meant "todos".' } },
      { status: 400 }
    )
  )
  const { user } = openPanel({ initialValue: 'select * from todo' })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
  await user.click(screen.getByRole('button', { name: 'Save' }))
  const alert = await screen.findByRole('alert')
  expect(alert).toHaveTextContent('relation "todo" does not exist')
  expect(alert).toHaveTextContent('At line 1, column 15')
  expect(alert).toHaveTextContent('Detail: No such table here.')
  expect(alert).toHaveTextContent('Hint: Perhaps you meant "todos".')
  expect(alert).toHaveTextContent('SQLSTATE 42P01')
})

it('cannot save blank text', async () => {
  platform()
  const { user, text } = openPanel({ initialValue: 'select 1' })
  const save = screen.getByRole('button', { name: 'Save' })
  await waitFor(() => expect(save).toBeEnabled())
  await user.clear(text())
  await user.type(text(), '   ')
  expect(save).toBeDisabled()
  expect(save).toHaveAttribute('title', 'Write some SQL first')
})

it('says that a Read-only member runs SQL read-only, and disables Save for a caller without the right', async () => {
  platform({ role: 'Read-only' })
  openPanel({ initialValue: 'select 1' })
  expect(await screen.findByText(/Your role runs SQL read-only/)).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled()
})

it('disables Save, with the reason, when the role in the organization cannot run SQL', async () => {
  // Permissions for another organization only: nothing is allowed in this one.
  const state = platform({ organizationId: 8 })
  openPanel({ initialValue: 'select 1' })
  await waitFor(() => expect(state.permissionsAsked).toBe(true))
  await new Promise((resolve) => setTimeout(resolve, 50))
  const save = screen.getByRole('button', { name: 'Save' })
  expect(save).toBeDisabled()
  expect(save).toHaveAttribute('title', 'Your role in this organization cannot run SQL')
})

describe('closing', () => {
  it('the close button closes the panel and forgets the initial prompt', async () => {
    platform()
    const { user } = openPanel({ initialValue: 'select 1', initialPrompt: 'Explain this' })
    await user.click(screen.getByRole('button', { name: 'Close SQL' }))
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
    expect(editorPanelState.open).toBe(false)
    expect(editorPanelState.initialPrompt).toBe('')
  })

  it('Escape closes it too', async () => {
    platform()
    const { user, text } = openPanel({ initialPrompt: 'Explain this' })
    await user.click(text())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
    expect(editorPanelState.initialPrompt).toBe('')
  })

  it('Escape in the template filter clears it first, then closes', async () => {
    platform()
    const { user } = openPanel()
    const filter = screen.getByRole('searchbox', { name: 'Filter templates' })
    await user.type(filter, 'version')
    await user.keyboard('{Escape}')
    expect(filter).toHaveValue('')
    expect(screen.getByRole('complementary')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })
})

describe('the assistant', () => {
  it('"Ask the assistant" opens it with the prompt and closes the panel', async () => {
    platform()
    const { user } = openPanel({ initialValue: 'select 1', initialPrompt: 'Write a policy for todos' })
    await user.click(screen.getByRole('button', { name: 'Ask the assistant' }))
    expect(aiAssistantState.open).toBe(true)
    expect(aiAssistantState.initialInput).toBe('Write a policy for todos')
    expect(editorPanelState.open).toBe(false)
    expect(editorPanelState.initialPrompt).toBe('')
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
  })

  it('is not offered without a prompt', () => {
    platform()
    openPanel({ initialValue: 'select 1' })
    expect(screen.queryByRole('button', { name: 'Ask the assistant' })).not.toBeInTheDocument()
  })

  it('opening the assistant elsewhere closes the panel', async () => {
    platform()
    openPanel({ initialValue: 'select 1' })
    openAiAssistant()
    await waitFor(() => expect(screen.queryByRole('complementary')).not.toBeInTheDocument())
  })
})

it('the header toggle opens an empty "SQL" panel with Run, closing the assistant, and closes it again', async () => {
  platform()
  aiAssistantState.open = true
  const user = userEvent.setup()
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness />
    </QueryClientProvider>
  )
  await user.click(screen.getByRole('button', { name: 'SQL panel' }))
  expect(aiAssistantState.open).toBe(false)
  const panel = screen.getByRole('complementary', { name: 'SQL' })
  expect(within(panel).getByRole('button', { name: 'Run' })).toBeInTheDocument()
  expect(within(panel).getByRole('textbox', { name: 'SQL' })).toHaveValue('')
  await user.click(screen.getByRole('button', { name: 'SQL panel' }))
  expect(screen.queryByRole('complementary')).not.toBeInTheDocument()
})

describe('results', () => {
  // jsdom does no layout: give every element a size so the grid's virtualizer has rows to show.
  const originals = {
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  }
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 })
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 })
  })
  afterAll(() => {
    for (const [name, descriptor] of Object.entries(originals)) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
  })

  it('shows the rows a SELECT returned in the SQL editor’s grid, not only "Success. 1 row"', async () => {
    const state = platform()
    state.answers.push(() =>
      ndjsonAnswer([{ command: 'SELECT', rowCount: 1, columns: [{ name: 'id', dataTypeID: 23 }, { name: 'title', dataTypeID: 25 }], rows: [{ id: 7, title: 'Buy milk' }] }])
    )
    const { user } = openPanel({ initialValue: 'select id, title from todos', saveLabel: 'Run' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Run' }))
    expect(await screen.findByText('Success. 1 row')).toBeInTheDocument()
    const results = screen.getByRole('region', { name: 'Results' })
    const grid = within(results).getByRole('grid')
    expect(within(grid).getByRole('columnheader', { name: /title/ })).toBeInTheDocument()
    expect(within(grid).getByText('Buy milk')).toBeInTheDocument()
    expect(within(grid).getByText('7')).toBeInTheDocument()
  })

  it('shows no grid for a statement without rows, and a new run replaces the old rows', async () => {
    const state = platform()
    state.answers.push(() => ndjsonAnswer([{ command: 'SELECT', rowCount: 1, columns: [{ name: 'n', dataTypeID: 23 }], rows: [{ n: 41 }] }]))
    state.answers.push(() => ndjsonAnswer([{ command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] }]))
    const { user } = openPanel({ initialValue: 'select 41 as n' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('41')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Success. CREATE TABLE')).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Results' })).not.toBeInTheDocument()
  })
})

it('edits the SQL in Monaco, in the app’s theme, like the SQL editor', async () => {
  platform()
  openPanel({ initialValue: 'select 1' })
  // The stand-in for Monaco (MonacoEditor.fake) shows the Monaco theme it was given.
  expect(await screen.findByRole('textbox', { name: 'SQL' })).toHaveAttribute('data-theme', expect.stringMatching(/.+/))
})

// @vitest-environment happy-dom
/**
 * From the library to the editor: picking a card goes to /project/{ref}/sql/new?snippet={id}, and
 * that page starts the new query from the snippet's SQL (and only then: later renders keep edits).
 */
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useState, type ReactElement } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SNIPPETS } from '@/lib/snippets'
import { setSnippetResults, setSnippetSql, sqlEditorState } from '@/state/sql-editor'

const router = vi.hoisted(() => ({ query: {} as Record<string, string>, push: vi.fn(async () => true), replace: vi.fn(async () => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))

// The editor takes its text from the store once, when it mounts, as Monaco's default value does.
vi.mock('@/components/interfaces/SQLEditor/SQLEditor', () => ({
  SQLEditor: function EditorStandIn({ projectRef, id }: { projectRef: string; id: string }) {
    const [text] = useState(() => sqlEditorState.snippets[`${projectRef}/${id}`]?.sql ?? '')
    return <pre data-testid="editor">{text}</pre>
  },
}))

// The sidebar has tests of its own (SnippetSidebar.test.tsx).
vi.mock('@/components/interfaces/SQLEditor/SnippetSidebar', () => ({ SnippetSidebar: () => null }))

const { SnippetCataloguePage } = await import('./SnippetCataloguePage')
const { default: SqlEditorPage } = await import('@/pages/project/[ref]/sql/[id]')

const slack = SNIPPETS.find((s) => s.title === 'Slack Clone')!

// Nothing here reaches a platform: no retries, no waiting.
const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
const withClient = (ui: ReactElement) => <QueryClientProvider client={client}>{ui}</QueryClientProvider>

beforeEach(() => {
  sqlEditorState.reset()
  router.push.mockClear()
})
afterEach(() => localStorage.clear())

describe('snippet library pages', () => {
  it('opens a picked quickstart as a new query', async () => {
    router.query = { ref: 'abc' }
    render(<SnippetCataloguePage type="quickstart" />)
    expect(screen.getByRole('heading', { name: 'Quickstarts' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Quickstarts' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/project/abc/sql/templates')
    await userEvent.click(screen.getByRole('button', { name: /Slack Clone/ }))
    expect(router.push).toHaveBeenCalledWith(`/project/abc/sql/new?snippet=${slack.id}`)
  })

  it('lists only templates on the templates page', () => {
    router.query = { ref: 'abc' }
    render(<SnippetCataloguePage type="template" />)
    expect(screen.getByRole('list', { name: 'Templates' }).children).toHaveLength(21)
    expect(screen.queryByRole('button', { name: /Slack Clone/ })).not.toBeInTheDocument()
  })
})

describe('the editor page with ?snippet=', () => {
  it("starts the new query from the snippet's SQL and drops the last outcome", () => {
    setSnippetSql('abc/new', 'select 1')
    setSnippetResults('abc/new', [], 1)
    router.query = { ref: 'abc', id: 'new', snippet: String(slack.id) }
    render(withClient(<SqlEditorPage />))
    expect(screen.getByTestId('editor').textContent).toBe(slack.sql)
    expect(sqlEditorState.snippets['abc/new'].lastRun).toBeNull()
  })

  it('keeps what the user typed afterwards on the next render', () => {
    router.query = { ref: 'abc', id: 'new', snippet: String(slack.id) }
    const { rerender } = render(withClient(<SqlEditorPage />))
    act(() => setSnippetSql('abc/new', 'edited'))
    rerender(withClient(<SqlEditorPage />))
    expect(sqlEditorState.snippets['abc/new'].sql).toBe('edited')
  })

  it('starts an empty new query for an unknown library snippet', () => {
    setSnippetSql('abc/new', 'select 1')
    router.query = { ref: 'abc', id: 'new', snippet: '999' }
    render(withClient(<SqlEditorPage />))
    expect(screen.getByTestId('editor').textContent).toBe('')
  })

  it('ignores ?snippet= on a saved query', () => {
    router.query = { ref: 'abc', id: '11111111-1111-4111-8111-111111111111', snippet: String(slack.id) }
    render(withClient(<SqlEditorPage />))
    expect(sqlEditorState.snippets['abc/new']).toBeUndefined()
    expect(screen.queryByTestId('editor')).not.toBeInTheDocument() // the snippet loads first
  })
})

// @vitest-environment happy-dom
/** On a phone the snippets open as an overlay from the editor's toolbar, and close again. */
import { render as rtlRender, screen, within } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { vi } from 'vitest'

vi.mock('./SnippetSidebar', () => ({ SnippetSidebar: () => <p>snippet list</p> }))
const router = vi.hoisted(() => ({ push: vi.fn(async (_url: string) => true) }))
vi.mock('next/router', () => ({ useRouter: () => router }))
vi.mock('@/components/interfaces/QueryHistory/QueryHistoryPanel', () => ({
  QueryHistoryPanel: ({ onOpen }: { onOpen: (sql: string) => void }) => (
    <button type="button" onClick={() => onOpen('select 42')}>
      a past run
    </button>
  ),
}))
vi.mock('./SnippetEditor', () => ({
  SnippetEditor: ({ toolbarStart }: { toolbarStart: ReactNode }) => <div>{toolbarStart}</div>,
}))

const { SqlEditorWorkspace } = await import('./SqlEditorWorkspace')
const { createQueryClient } = await import('@/data/query-client')

/** The workspace refreshes the query history after runs: it needs a query client. */
function render(ui: ReactNode) {
  const client = createQueryClient()
  const wrap = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>
  const result = rtlRender(wrap(ui))
  return { ...result, rerender: (next: ReactNode) => result.rerender(wrap(next)) }
}

it('opens the snippets overlay from the toolbar, focuses it, and closes it with Escape or ×', async () => {
  const user = userEvent.setup()
  const { rerender } = render(<SqlEditorWorkspace projectRef="abc" id="new" />)
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(1) // the wide-screen one
  await user.click(screen.getByRole('button', { name: 'Show snippets' }))
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(2)
  expect(screen.getByRole('button', { name: 'Close snippets' })).toHaveFocus()
  await user.keyboard('{Escape}')
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(1)

  await user.click(screen.getByRole('button', { name: 'Show snippets' }))
  await user.click(screen.getByRole('button', { name: 'Close snippets' }))
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(1)

  // Opening a snippet from the overlay closes it.
  await user.click(screen.getByRole('button', { name: 'Show snippets' }))
  rerender(<SqlEditorWorkspace projectRef="abc" id="5f0c0000-0000-4000-8000-000000000001" />)
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(1)
})

it('shows the history on the tab the wide screen chose, and closes the overlay when a run opens', async () => {
  const user = userEvent.setup()
  render(<SqlEditorWorkspace projectRef="abc" id="new" />)
  const tab = screen.getByRole('tab', { name: 'History' })
  tab.focus()
  await user.keyboard('{ArrowLeft}')
  expect(screen.getByRole('tab', { name: 'Snippets' })).toHaveFocus()
  await user.keyboard('{ArrowRight}')
  expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  expect(screen.queryByText('snippet list')).not.toBeInTheDocument()

  await user.click(screen.getByRole('button', { name: 'Show snippets' }))
  const overlay = screen.getAllByRole('complementary', { name: 'Snippets' })[1]
  expect(within(overlay).getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true')
  // The route may stay /sql/new, so the overlay closes by itself rather than on a new id.
  await user.click(within(overlay).getByRole('button', { name: 'a past run' }))
  expect(router.push).toHaveBeenCalledWith('/project/abc/sql/new?from=history')
  expect(screen.getAllByRole('complementary', { name: 'Snippets' })).toHaveLength(1)
})

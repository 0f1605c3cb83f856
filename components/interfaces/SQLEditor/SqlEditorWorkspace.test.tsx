// @vitest-environment jsdom
/** On a phone the snippets open as an overlay from the editor's toolbar, and close again. */
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { vi } from 'vitest'

vi.mock('./SnippetSidebar', () => ({ SnippetSidebar: () => <p>snippet list</p> }))
vi.mock('./SnippetEditor', () => ({
  SnippetEditor: ({ toolbarStart }: { toolbarStart: ReactNode }) => <div>{toolbarStart}</div>,
}))

const { SqlEditorWorkspace } = await import('./SqlEditorWorkspace')

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

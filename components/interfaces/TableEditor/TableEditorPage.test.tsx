// @vitest-environment happy-dom
/**
 * The table editor against an MSW-mocked platform whose SQL endpoint answers by the SQL it is sent
 * (the same text the editor's SQL functions make): the table list and its estimates, a table's
 * first page and the next one by keyset, a cell edited through the review of its UPDATE, Postgres'
 * error kept in the dialog, a Read-only member who sees no change controls, and the keyboard.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { appState } from '@/state/app'
import { act, fireEvent, firstPageSql, platform, reads, renderEditor, screen, secondPageSql, VIEWPORT, waitFor, within, startMockedPlatform } from './test-platform'
import { tablesSql } from '@/lib/table-editor'

const toasts = recordToasts()

startMockedPlatform()

beforeEach(() => {
  localStorage.clear()
  appState.reset()
})

it("lists the schema's tables with their estimated row counts, never counting them unbounded", async () => {
  const state = platform()
  renderEditor()
  const list = await screen.findByRole('navigation', { name: 'Tables' })
  expect(within(list).getByRole('link', { name: /todos/ })).toHaveTextContent('≈ 1,000,000 rows')
  expect(within(list).getByRole('link', { name: /users/ })).toHaveTextContent('≈ 12 rows')
  expect(within(list).getByRole('link', { name: /todos/ })).toHaveAttribute('href', '/project/abc/editor/public/todos')
  // Only tables without an estimate are counted, and never past 1,001 rows.
  expect(state.sent.some((s) => /count\s*\(/i.test(s.sql.replaceAll('select count(*) as n from (select 1 from %I.%I limit 1001) s', '')))).toBe(false)
})

it('shows a fresh table (no estimate yet) with its exact count, up to 1,000', async () => {
  platform({
    answer: (sql) =>
      sql === tablesSql('public')
        ? [
            { schema: 'public', name: 'fresh', estimated_rows: null, counted_rows: 200, rls_enabled: false, comment: null },
            { schema: 'public', name: 'loaded', estimated_rows: null, counted_rows: 1001, rls_enabled: false, comment: null },
          ]
        : undefined,
  })
  renderEditor()
  const list = await screen.findByRole('navigation', { name: 'Tables' })
  expect(within(list).getByRole('link', { name: /fresh/ })).toHaveTextContent('200 rows')
  expect(within(list).getByRole('link', { name: /loaded/ })).toHaveTextContent('more than 1,000 rows')
  expect(list).not.toHaveTextContent('not estimated yet')
  // A phone picks the table from a select: its options carry the same count.
  expect(screen.getByRole('option', { name: 'fresh · 200 rows' })).toBeInTheDocument()
})

it('opens a table on its first page, with its columns and rows, read outside the history', async () => {
  const state = platform()
  renderEditor('todos')
  const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
  expect(await within(grid).findByRole('gridcell', { name: 'title: Task 1' })).toBeInTheDocument()
  expect(within(grid).getByRole('button', { name: 'id, bigint, primary key: sort ascending' })).toBeInTheDocument()
  expect(within(screen.getByRole('main')).getByText('≈ 1,000,000 rows')).toBeInTheDocument()
  // The hidden cursor column is the editor's, not the user's. Name and type are two words of the
  // visible text, which the header's accessible name contains (WCAG 2.5.3, label in name).
  expect(within(grid).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['', 'id bigint', 'title text', 'done boolean'])
  expect(reads(state)).toContain(firstPageSql)
  expect(state.sent.every((s) => s.history === 'skip')).toBe(true)
})

it('asks for the next page after the last row it has (keyset, no offset) when scrolled near the end', async () => {
  const state = platform()
  renderEditor('todos')
  const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
  await within(grid).findByRole('gridcell', { name: 'title: Task 1' })
  expect(reads(state)).not.toContain(secondPageSql)
  act(() => {
    grid.scrollTop = 100 * 32 - VIEWPORT.height
    fireEvent.scroll(grid)
  })
  await waitFor(() => expect(reads(state)).toContain(secondPageSql))
  expect(secondPageSql).toMatch(/> E'100'::bigint/)
  expect(state.sent.some((s) => /\boffset\b/i.test(s.sql))).toBe(false)
  expect(await within(grid).findByRole('gridcell', { name: 'title: Task 101' })).toBeInTheDocument()
})

it('edits a cell: shows the UPDATE before running it, then runs it as the user’s own query', async () => {
  const state = platform()
  const { user } = renderEditor('todos')
  const cell = await screen.findByRole('gridcell', { name: 'title: Task 3' })
  await user.dblClick(cell)
  const input = screen.getByRole('textbox', { name: 'New value of title' })
  expect(input).toHaveValue('Task 3')
  await user.clear(input)
  await user.type(input, "Renamed 'quoted'{Enter}")

  const dialog = await screen.findByRole('dialog', { name: 'Change title' })
  const sql = within(dialog).getByLabelText('SQL to run').textContent ?? ''
  expect(sql).toMatch(/^update public\.todos\b/)
  expect(sql).toMatch(/\btitle = E'Renamed ''quoted'''/)
  expect(sql).toMatch(/where id = E'3'::bigint\n  and title is not distinct from E'Task 3'::text\n/)
  // Nothing ran yet.
  expect(state.sent.some((s) => s.sql.startsWith('update'))).toBe(false)

  await user.click(within(dialog).getByRole('button', { name: 'Update' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change title' })).toBeNull())
  const run = state.sent.find((s) => s.sql.startsWith('update'))
  expect(run).toEqual({ sql, history: null })
  expect(toasts.success).toEqual(['title updated'])
})

it('Escape gives up an edit without asking anything', async () => {
  const state = platform()
  const { user } = renderEditor('todos')
  await user.dblClick(await screen.findByRole('gridcell', { name: 'title: Task 2' }))
  await user.type(screen.getByRole('textbox', { name: 'New value of title' }), 'x{Escape}')
  expect(screen.queryByRole('textbox', { name: 'New value of title' })).toBeNull()
  expect(screen.queryByRole('dialog')).toBeNull()
  expect(state.sent.some((s) => s.sql.startsWith('update'))).toBe(false)
})

it("keeps Postgres' error in the dialog when the change fails", async () => {
  platform({ updateError: 'duplicate key value violates unique constraint "todos_title_key"' })
  const { user } = renderEditor('todos')
  await user.dblClick(await screen.findByRole('gridcell', { name: 'title: Task 3' }))
  await user.type(screen.getByRole('textbox', { name: 'New value of title' }), '!{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Change title' })
  await user.click(within(dialog).getByRole('button', { name: 'Update' }))
  expect(await within(dialog).findByText('duplicate key value violates unique constraint "todos_title_key"')).toBeInTheDocument()
  expect(within(dialog).getByLabelText('SQL to run')).toBeInTheDocument()
  expect(toasts.success).toEqual([])
})

it('says the row changed meanwhile when the UPDATE finds no row, instead of "updated"', async () => {
  // Another tab deleted row 3, or changed its title: the UPDATE matches nothing.
  const state = platform({ answer: (sql) => (sql.startsWith('update') ? [] : undefined) })
  const { user } = renderEditor('todos')
  await user.dblClick(await screen.findByRole('gridcell', { name: 'title: Task 3' }))
  await user.type(screen.getByRole('textbox', { name: 'New value of title' }), '!{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Change title' })
  await user.click(within(dialog).getByRole('button', { name: 'Update' }))
  const alert = await within(dialog).findByRole('alert')
  expect(alert).toHaveTextContent('The rows changed meanwhile')
  expect(alert).toHaveTextContent('This row changed or was deleted meanwhile')
  expect(toasts.success).toEqual([])
  // The rows are read again, to show what is there now.
  await waitFor(() => expect(reads(state).filter((sql) => sql === firstPageSql)).toHaveLength(2))
})

it('lets a Read-only member read every row but offers no change', async () => {
  const state = platform({ role: 'Read-only' })
  const { user } = renderEditor('todos')
  const cell = await screen.findByRole('gridcell', { name: 'title: Task 3' })
  expect(await screen.findAllByText('Your role can read tables but not change them.')).not.toHaveLength(0)
  expect(screen.getByRole('button', { name: 'Insert row' })).toBeDisabled()
  for (const button of screen.getAllByRole('button', { name: 'New table' })) expect(button).toBeDisabled()
  expect(screen.queryByRole('checkbox', { name: /Select/ })).toBeNull()
  await user.dblClick(cell)
  expect(screen.queryByRole('textbox', { name: 'New value of title' })).toBeNull()
  expect(state.sent.every((s) => s.history === 'skip')).toBe(true)
})

it('is worked from the keyboard: arrows select, Enter edits, Escape cancels, Delete asks', async () => {
  platform()
  const { user } = renderEditor('todos')
  const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
  await within(grid).findByRole('gridcell', { name: 'title: Task 1' })
  // Checkboxes appear once the member's role is known: the grid is editable from then on.
  await screen.findByRole('checkbox', { name: 'Select row 1' })
  grid.focus()
  await user.keyboard('{ArrowDown}{ArrowRight}{ArrowDown}')
  expect(grid.getAttribute('aria-activedescendant')).toBe(within(grid).getByRole('gridcell', { name: 'title: Task 2' }).id)
  await user.keyboard('{Enter}')
  expect(screen.getByRole('textbox', { name: 'New value of title' })).toHaveValue('Task 2')
  await user.keyboard('{Escape}')
  expect(screen.queryByRole('textbox', { name: 'New value of title' })).toBeNull()
  expect(grid).toHaveFocus()
  await user.keyboard('{Delete}')
  const dialog = await screen.findByRole('dialog', { name: 'Delete 1 row from todos' })
  expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(/delete from public\.todos where id in \(E'2'/)
})

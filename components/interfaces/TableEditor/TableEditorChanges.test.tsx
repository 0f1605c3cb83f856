// @vitest-environment happy-dom
/**
 * The table editor's other reads and changes against the mocked platform: sorting and filtering
 * ask the database again (with the sort and filters in the SQL), a row inserted and rows deleted
 * through their reviewed SQL, a table created from the form, a table dropped only once its name
 * is typed, and a table without a primary key shown read-only.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { databaseObjectsSql } from '@/lib/sql/database-objects'
import { rowsSql, tableDetailSql, tablesSql } from '@/lib/table-editor'
import { appState } from '@/state/app'
import { page, platform, reads, renderEditor, screen, TODOS, TODOS_DETAIL, waitFor, within, startMockedPlatform } from './test-platform'

const toasts = recordToasts()

startMockedPlatform()

beforeEach(() => {
  localStorage.clear()
  appState.reset()
})

const runs = (state: { sent: { sql: string; history: string | null }[] }) => state.sent.filter((s) => s.history === null).map((s) => s.sql)

it('sorts by a column when its header is clicked: ascending, then descending', async () => {
  const ascending = rowsSql({ table: TODOS, sort: { column: 'title', ascending: true }, filters: [], after: null, limit: 100 })
  const descending = rowsSql({ table: TODOS, sort: { column: 'title', ascending: false }, filters: [], after: null, limit: 100 })
  const state = platform({ answer: (sql) => (sql === ascending || sql === descending ? page(1, 3) : undefined) })
  const { user } = renderEditor('todos')
  await user.click(await screen.findByRole('button', { name: 'title, text: sort ascending' }))
  await waitFor(() => expect(reads(state)).toContain(ascending))
  await user.click(await screen.findByRole('button', { name: 'title, text: sort descending' }))
  await waitFor(() => expect(reads(state)).toContain(descending))
  expect(screen.getAllByRole('columnheader').find((h) => h.textContent?.startsWith('title'))).toHaveAttribute('aria-sort', 'descending')
})

it('filters by a column once the value is typed', async () => {
  const filtered = rowsSql({ table: TODOS, sort: null, filters: [{ column: 'title', operator: 'like', value: '%5%' }], after: null, limit: 100 })
  const state = platform({ answer: (sql) => (sql === filtered ? page(5, 1) : undefined) })
  const { user } = renderEditor('todos')
  await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await user.click(screen.getByRole('button', { name: /^Filter/ }))
  await user.click(screen.getByRole('button', { name: 'Add filter' }))
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 column' }), 'title')
  await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 operator' }), 'like')
  await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '%5%')
  await waitFor(() => expect(reads(state)).toContain(filtered))
  expect(await screen.findByRole('gridcell', { name: 'title: Task 5' })).toBeInTheDocument()
  await waitFor(() => expect(screen.queryByRole('gridcell', { name: 'title: Task 1' })).toBeNull())
})

it('says when a filter value does not fit its column, without asking the database', async () => {
  const state = platform()
  const { user } = renderEditor('todos')
  await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await user.click(screen.getByRole('button', { name: /^Filter/ }))
  await user.click(screen.getByRole('button', { name: 'Add filter' }))
  await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), 'abc')
  expect(await screen.findByRole('alert')).toHaveTextContent('id: "abc" is not a number')
  expect(screen.getByRole('gridcell', { name: 'title: Task 1' })).toBeInTheDocument()
  expect(reads(state).filter((sql) => sql.includes('abc'))).toEqual([])
})

it('shows the rows query’s error with Postgres’ message', async () => {
  const bad = rowsSql({ table: TODOS, sort: null, filters: [{ column: 'id', operator: '=', value: '1e400' }], after: null, limit: 100 })
  platform({ answer: (sql) => (sql === bad ? 'value "1e400" is out of range for type bigint' : undefined) })
  const { user } = renderEditor('todos')
  await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await user.click(screen.getByRole('button', { name: /^Filter/ }))
  await user.click(screen.getByRole('button', { name: 'Add filter' }))
  await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), '1e400')
  expect(await screen.findByText('value "1e400" is out of range for type bigint')).toBeInTheDocument()
  expect(screen.getByText('Could not read the rows')).toBeInTheDocument()
})

it('inserts a row from the side panel, leaving defaults to the database', async () => {
  const state = platform({ answer: (sql) => (sql.startsWith('insert') ? [] : undefined) })
  const { user } = renderEditor('todos')
  await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await user.click(screen.getByRole('button', { name: 'Insert row' }))
  await user.selectOptions(screen.getByRole('combobox', { name: 'How to fill title' }), 'value')
  await user.type(screen.getByRole('textbox', { name: 'title' }), 'Buy milk')
  await user.selectOptions(screen.getByRole('combobox', { name: 'How to fill done' }), 'value')
  await user.selectOptions(screen.getByRole('combobox', { name: 'done' }), 'true')
  await user.click(screen.getByRole('button', { name: 'Review SQL' }))
  const dialog = await screen.findByRole('dialog', { name: 'Insert a row into todos' })
  const sql = within(dialog).getByLabelText('SQL to run').textContent ?? ''
  expect(sql).toMatch(/^insert into public\.todos \(title, done\)/)
  expect(sql).toContain("'Buy milk'")
  expect(sql).not.toMatch(/\bid\b/)
  await user.click(within(dialog).getByRole('button', { name: 'Insert row' }))
  await waitFor(() => expect(runs(state)).toEqual([sql]))
  expect(toasts.success).toEqual(['Row added to todos'])
})

it('deletes the checked rows after confirming the DELETE', async () => {
  const state = platform({ answer: (sql) => (sql.startsWith('delete') ? [{ id: 2 }, { id: 4 }] : undefined) })
  const { user } = renderEditor('todos')
  await user.click(await screen.findByRole('checkbox', { name: 'Select row 2' }))
  await user.click(screen.getByRole('checkbox', { name: 'Select row 4' }))
  await user.click(screen.getByRole('button', { name: 'Delete 2 rows' }))
  const dialog = await screen.findByRole('dialog', { name: 'Delete 2 rows from todos' })
  const sql = within(dialog).getByLabelText('SQL to run').textContent ?? ''
  expect(sql).toBe(`delete from public.todos\nwhere id in (E'2'::bigint, E'4'::bigint)\nreturning id`)
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  await waitFor(() => expect(runs(state)).toEqual([sql]))
  expect(toasts.success).toEqual(['2 rows deleted'])
})

it('says so when some of the rows to delete were already gone, instead of "2 rows deleted"', async () => {
  // Row 4 was deleted in another tab: the DELETE answers only row 2.
  platform({ answer: (sql) => (sql.startsWith('delete') ? [{ id: 2 }] : undefined) })
  const { user } = renderEditor('todos')
  await user.click(await screen.findByRole('checkbox', { name: 'Select row 2' }))
  await user.click(screen.getByRole('checkbox', { name: 'Select row 4' }))
  await user.click(screen.getByRole('button', { name: 'Delete 2 rows' }))
  const dialog = await screen.findByRole('dialog', { name: 'Delete 2 rows from todos' })
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
  const alert = await within(dialog).findByRole('alert')
  expect(alert).toHaveTextContent('The rows changed meanwhile')
  expect(alert).toHaveTextContent('1 of 2 rows were deleted')
  expect(toasts.success).toEqual([])
})

it('creates a table from the form (RLS on by default) and opens it', async () => {
  const state = platform({
    answer: (sql) => {
      if (sql.includes('create table')) return []
      if (sql === tablesSql('public')) return [{ schema: 'public', name: 'todos', estimated_rows: 1_000_000, rls_enabled: true, comment: null }]
      if (sql === tableDetailSql('public', 'notes')) return []
      // The database's enums, for the type picker.
      if (sql === databaseObjectsSql('types')) return [{ objects: [] }]
      return undefined
    },
  })
  const { user } = renderEditor()
  await screen.findByRole('navigation', { name: 'Tables' })
  // Enabled once the member's role is known.
  await waitFor(() => expect(screen.getAllByRole('button', { name: 'New table' })[0]).toBeEnabled())
  await user.click(screen.getAllByRole('button', { name: 'New table' })[0])
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'notes')
  await user.click(screen.getByRole('button', { name: 'Add column' }))
  await user.type(screen.getByRole('textbox', { name: 'Column 3 name' }), 'body')
  await user.click(screen.getByRole('button', { name: 'Review SQL' }))
  const dialog = await screen.findByRole('dialog', { name: 'Create public.notes' })
  const sql = within(dialog).getByLabelText('SQL to run').textContent ?? ''
  expect(sql).toMatch(/create table public\.notes/)
  expect(sql).toMatch(/enable row level security/)
  await user.click(within(dialog).getByRole('button', { name: 'Create table' }))
  await waitFor(() => expect(runs(state)).toEqual([sql]))
  expect(toasts.success).toEqual(['Table notes created'])
  expect(await screen.findByText('There is no table public.notes')).toBeInTheDocument()
})

it('drops a table only once its name is typed', async () => {
  const state = platform({ answer: (sql) => (sql.startsWith('drop table') ? [] : undefined) })
  const { user } = renderEditor('todos')
  await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await user.click(screen.getByRole('button', { name: 'Definition' }))
  await user.click(screen.getByRole('button', { name: 'Drop table' }))
  const dialog = await screen.findByRole('dialog', { name: 'Drop public.todos' })
  const run = within(dialog).getByRole('button', { name: 'Drop table' })
  expect(run).toBeDisabled()
  await user.type(within(dialog).getByRole('textbox', { name: 'Type todos to confirm' }), 'todos')
  await user.click(within(dialog).getByRole('checkbox', { name: /Cascade/ }))
  expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(/drop table public\.todos cascade/)
  await user.click(run)
  await waitFor(() => expect(runs(state)).toHaveLength(1))
  expect(toasts.success).toEqual(['Table todos dropped'])
})

it('shows a table without a primary key read-only, and says why', async () => {
  const keyless = structuredClone(TODOS_DETAIL)
  keyless[0].detail.primaryKey = []
  keyless[0].detail.primaryKeyConstraint = null as unknown as string
  for (const c of keyless[0].detail.columns) c.primaryKey = false
  platform({ answer: (sql) => (sql === tableDetailSql('public', 'todos') ? keyless : sql.includes('ctid') ? page(1, 3) : undefined) })
  const { user } = renderEditor('todos')
  const cell = await screen.findByRole('gridcell', { name: 'title: Task 1' })
  await waitFor(() => expect(screen.getByRole('button', { name: 'Insert row' })).toBeEnabled())
  expect(await screen.findByText(/This table has no primary key/)).toBeInTheDocument()
  await user.dblClick(cell)
  expect(screen.queryByRole('textbox', { name: 'New value of title' })).toBeNull()
  expect(screen.queryByRole('checkbox', { name: /Select row/ })).toBeNull()
})

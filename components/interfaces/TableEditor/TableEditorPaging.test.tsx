// @vitest-environment happy-dom
/**
 * Paging through a long table against the mocked platform: only a few pages are kept, so a change
 * re-reads those few (not every page scrolled past), and scrolling back reads the pages above
 * again by keyset, before the first kept row.
 */
import { recordToasts } from '@/tests/helpers/toasts'
import { ROWS_MAX_PAGES, ROWS_PAGE_SIZE } from '@/data/table-editor/table-rows-query'
import { rowsSql } from '@/lib/table-editor'
import { appState } from '@/state/app'
import { ROW_HEIGHT } from './GridRow'
import { act, fireEvent, firstPageSql, platform, reads, renderEditor, screen, TODOS, todo, waitFor, within, startMockedPlatform } from './test-platform'

recordToasts()

startMockedPlatform()

// Not a whole number of pages: the last page is short, so no empty page is asked for after it.
const ROWS = 1_050
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => todo(from + i))
const pageSql = (id: number, backward: boolean) => rowsSql({ table: TODOS, sort: null, filters: [], after: [String(id)], backward, limit: ROWS_PAGE_SIZE })
/** The SQL of every page of a 1,050-row table, forward after each id and backward before it. */
const PAGES = new Map<string, unknown[]>()
for (let id = 1; id <= ROWS; id++) {
  PAGES.set(pageSql(id, false), range(id + 1, Math.min(ROWS, id + ROWS_PAGE_SIZE)))
  PAGES.set(pageSql(id, true), range(Math.max(1, id - ROWS_PAGE_SIZE), id - 1).reverse())
}

beforeEach(() => {
  localStorage.clear()
  appState.reset()
})

const scrollTo = (grid: HTMLElement, top: number) =>
  act(() => {
    grid.scrollTop = top
    fireEvent.scroll(grid)
  })

it('keeps a few pages: a change reads those again, and scrolling back reads the ones let go', async () => {
  const state = platform({ answer: (sql) => (sql.startsWith('update') ? [todo(1045)] : PAGES.get(sql)) })
  const { user } = renderEditor('todos')
  const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
  await within(grid).findByRole('gridcell', { name: 'title: Task 1' })

  // To the end: every page is read once, by keyset.
  scrollTo(grid, 1e9)
  await waitFor(() => expect(reads(state)).toContain(pageSql(1000, false)))
  await waitFor(() => expect(grid).toHaveAttribute('aria-rowcount', String(ROWS + 1)))
  scrollTo(grid, 1e9)
  const row = await within(grid).findByRole('gridcell', { name: 'title: Task 1045' })
  expect(within(grid).queryByRole('gridcell', { name: 'title: Task 1' })).toBeNull()
  // The row keeps its place in the table, though pages above it were let go.
  expect(screen.getByRole('checkbox', { name: 'Select row 1045' })).toBeInTheDocument()

  // A change reads the kept pages again: ROWS_MAX_PAGES reads, not the eleven scrolled through.
  const before = reads(state).length
  await user.dblClick(row)
  await user.type(screen.getByRole('textbox', { name: 'New value of title' }), '!{Enter}')
  const dialog = await screen.findByRole('dialog', { name: 'Change title' })
  await user.click(within(dialog).getByRole('button', { name: 'Update' }))
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change title' })).toBeNull())
  await waitFor(() => expect(reads(state).slice(before).filter((sql) => PAGES.has(sql))).toHaveLength(ROWS_MAX_PAGES))
  const reread = reads(state).slice(before).filter((sql) => PAGES.has(sql) || sql === firstPageSql)
  expect(reread).toEqual([600, 700, 800, 900, 1000].map((id) => pageSql(id, false)))

  // Back to the top of what is kept: the page before row 601 is read backward.
  scrollTo(grid, 0)
  await waitFor(() => expect(reads(state)).toContain(pageSql(601, true)))
  // The rows read above push the view down by as many rows: what was in view stays in view.
  await waitFor(() => expect(grid.scrollTop).toBe(ROWS_PAGE_SIZE * ROW_HEIGHT))
  // A browser says it scrolled; jsdom does not.
  fireEvent.scroll(grid)
  expect(await within(grid).findByRole('gridcell', { name: 'title: Task 600' })).toBeInTheDocument()
  expect(screen.getByRole('checkbox', { name: 'Select row 600' })).toBeInTheDocument()
  // One page back, not a run of them up to the first row.
  expect(reads(state).filter((sql) => sql.includes('t.id < '))).toEqual([pageSql(601, true)])
})

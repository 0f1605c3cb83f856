// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { statement, type ObjectResult } from '@/tests/fixtures/results'
import type { SqlRunOutcome } from '@/state/sql-editor'
import { ResultsPanel } from './ResultsPanel'

const createTable: ObjectResult = { command: 'CREATE TABLE', rowCount: null, columns: [], rows: [] }
const insert: ObjectResult = { command: 'INSERT', rowCount: 2, columns: [], rows: [] }
const select: ObjectResult = {
  command: 'SELECT',
  rowCount: 3,
  columns: [
    { name: 'id', dataTypeID: 23 },
    { name: 'name', dataTypeID: 25 },
  ],
  rows: [
    { id: 1, name: 'a' },
    { id: 2, name: null },
    { id: 3, name: 'c' },
  ],
}

const ok = (results: ObjectResult[], durationMs = 12): SqlRunOutcome => ({
  results: results.map(statement),
  error: null,
  durationMs,
  finishedAt: 1,
})

describe('ResultsPanel', () => {
  it('shows an empty state with the shortcut before the first run', () => {
    render(<ResultsPanel outcome={null} />)
    expect(screen.getByText(/Run a query to see its results here/)).toBeInTheDocument()
    expect(screen.getByText(/↵/)).toBeInTheDocument()
  })

  it('shows a spinner while running', () => {
    render(<ResultsPanel outcome={ok([select])} running />)
    expect(screen.getByText('Running query…')).toBeInTheDocument()
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
  })

  it('labels one tab per statement and selects the last', async () => {
    render(<ResultsPanel outcome={ok([createTable, insert, select], 612)} />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Result 1CREATE TABLE',
      'Result 2INSERT · 2 rows',
      'Result 3SELECT · 3 rows',
    ])
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '4')
    expect(screen.getByRole('status')).toHaveTextContent('3 rows · 612 ms')

    await userEvent.click(tabs[0])
    expect(screen.getAllByRole('tab')[0]).toHaveAttribute('aria-selected', 'true')
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(screen.getByText('Success. No rows returned')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('CREATE TABLE · 612 ms')

    await userEvent.click(screen.getAllByRole('tab')[1])
    expect(screen.getByRole('status')).toHaveTextContent('2 rows affected · 612 ms')
  })

  it('selects the last statement again after a new run', async () => {
    const { rerender } = render(<ResultsPanel outcome={ok([createTable, select])} />)
    await userEvent.click(screen.getAllByRole('tab')[0])
    rerender(<ResultsPanel outcome={ok([insert, createTable, select])} />)
    expect(screen.getAllByRole('tab')[2]).toHaveAttribute('aria-selected', 'true')
  })

  it('shows no tabs for a single statement, and formats large counts', () => {
    const many: ObjectResult = {
      ...select,
      rows: Array.from({ length: 100_000 }, (_, i) => ({ id: i, name: 'x' })),
    }
    render(<ResultsPanel outcome={ok([many], 612)} />)
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('100,000 rows · 612 ms')
  })

  it('says so when a statement returns no rows', () => {
    render(<ResultsPanel outcome={ok([{ ...select, rows: [] }])} />)
    expect(screen.getByText('Success. No rows returned')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('0 rows · 12 ms')
  })

  it('shows the Postgres error with its line and column', () => {
    render(
      <ResultsPanel
        outcome={{
          results: null,
          durationMs: 4,
          finishedAt: 1,
          error: {
            message: 'relation "nope" does not exist',
            code: '42P01',
            hint: 'Check the table name.',
            location: { index: 24, line: 2, column: 15 },
          },
        }}
      />
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('relation "nope" does not exist')
    expect(alert).toHaveTextContent('at line 2, column 15')
    expect(alert).toHaveTextContent('Hint: Check the table name.')
    expect(alert).toHaveTextContent('SQLSTATE 42P01')
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
  })

  it('shows an error without a position (e.g. the network failed)', () => {
    render(
      <ResultsPanel
        outcome={{ results: null, durationMs: 4, finishedAt: 1, error: { message: 'An error has occurred: 502' } }}
      />
    )
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('An error has occurred: 502')
    expect(within(alert).queryByText(/at line/)).not.toBeInTheDocument()
  })

  it('shows EXPLAIN output as a plan tree, and as the grid with Text', async () => {
    const user = userEvent.setup()
    const explain: ObjectResult = {
      command: 'EXPLAIN',
      rowCount: 2,
      columns: [{ name: 'QUERY PLAN', dataTypeID: 25 }],
      rows: [
        { 'QUERY PLAN': 'Hash Join  (cost=1.07..2.18 rows=3 width=40)' },
        { 'QUERY PLAN': '  ->  Seq Scan on a  (cost=0.00..1.03 rows=3 width=36)' },
      ],
    }
    render(<ResultsPanel outcome={ok([explain])} />)
    const tree = screen.getByRole('tree', { name: 'Query plan' })
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Tree' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Text' }))
    expect(screen.queryByRole('tree')).not.toBeInTheDocument()
    // jsdom lays nothing out, so the grid renders no rows here; its row count says which result it holds.
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '3')
    await user.click(screen.getByRole('button', { name: 'Tree' }))
    expect(screen.getByRole('tree')).toBeInTheDocument()
  })

  it('offers no plan view for other results', () => {
    render(<ResultsPanel outcome={ok([select])} />)
    expect(screen.queryByRole('group', { name: 'Plan view' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument()
  })

  it('says when the row limit cut the result', () => {
    const limited = { ...ok([select]), rowLimitApplied: 3 }
    const { rerender } = render(<ResultsPanel outcome={limited} />)
    expect(screen.getByText('Showing the first 3 rows (row limit)')).toBeInTheDocument()
    // Fewer rows than the limit: the result is whole.
    rerender(<ResultsPanel outcome={{ ...ok([select]), rowLimitApplied: 100 } as SqlRunOutcome} />)
    expect(screen.queryByText(/row limit/)).not.toBeInTheDocument()
    rerender(<ResultsPanel outcome={ok([select])} />)
    expect(screen.queryByText(/row limit/)).not.toBeInTheDocument()
  })

  it('says when the editor stopped a result at its budget: first rows only, no export of a part as if it were the whole', () => {
    const [cut] = [select].map(statement)
    Object.assign(cut, { complete: false, cut: true, command: '', rowCount: null })
    render(<ResultsPanel outcome={{ results: [cut], error: null, durationMs: 4_200, finishedAt: 1, cancelled: false }} />)
    expect(screen.getByText(/^Showing the first 3 rows: the editor stopped the query at 128 MB of results/)).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent('first 3 rows, then stopped · 4.20 s')
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '4')
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled()
  })

  it('shows a cancelled run as a notice, not as an error', () => {
    render(
      <ResultsPanel
        outcome={{ results: null, durationMs: 4, finishedAt: 1, cancelled: true, error: { message: 'Query cancelled', code: '57014' } }}
      />
    )
    expect(screen.getByRole('status')).toHaveTextContent('Query cancelled')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { recordToasts } from '@/tests/helpers/toasts'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ResultColumn } from '@/lib/api-types/sql'
import { columnar } from '@/tests/fixtures/results'
import { ColumnarRows } from '@/lib/sql/result-set'
import { ResultsGrid } from './ResultsGrid'
import { MAX_CONTENT_HEIGHT } from './ResultsGrid.utils'

recordToasts()

// jsdom does no layout: give every element a viewport size so the virtualizer has a window to fill.
const VIEWPORT = { width: 1000, height: 600 }
const originals = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
}
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEWPORT.height })
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => VIEWPORT.width })
})
afterAll(() => {
  for (const [name, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
  }
})

const columns: ResultColumn[] = [
  { name: 'id', dataTypeID: 23 },
  { name: 'email', dataTypeID: 25 },
  { name: 'meta', dataTypeID: 3802 },
]
const rows = Array.from({ length: 100_000 }, (_, i) => ({
  id: i + 1,
  email: i % 7 === 0 ? null : `user${i + 1}@example.com`,
  meta: { n: i, tags: ['a', 'b'] },
}))

function renderedRowIndexes(container: HTMLElement) {
  return [...container.querySelectorAll('[data-row-index]')].map((el) => Number(el.getAttribute('data-row-index')))
}

describe('ResultsGrid', () => {
  it('keeps only a window of 100,000 rows in the DOM', () => {
    const { container } = render(<ResultsGrid columns={columns} rows={columnar(columns, rows)} rowCount={rows.length} />)
    const grid = screen.getByRole('grid')
    expect(grid).toHaveAttribute('aria-rowcount', '100001')

    const indexes = renderedRowIndexes(container)
    expect(indexes.length).toBeGreaterThan(0)
    expect(indexes.length).toBeLessThan(100)
    expect(indexes[0]).toBe(0)
    for (const row of container.querySelectorAll('[data-row-index]')) expect(row).toHaveAttribute('role', 'row')
  })

  it('renders the rows in view after scrolling far down', () => {
    const { container } = render(<ResultsGrid columns={columns} rows={columnar(columns, rows)} rowCount={rows.length} />)
    const grid = screen.getByRole('grid')
    act(() => {
      grid.scrollTop = 28 * 50_000
      fireEvent.scroll(grid)
    })
    const indexes = renderedRowIndexes(container)
    expect(indexes.length).toBeLessThan(100)
    expect(indexes).not.toContain(0)
    expect(indexes).toContain(50_000)
    const row = container.querySelector('[data-row-index="50000"]')!
    expect(row).toHaveTextContent('50001')
    expect(row).toHaveTextContent('user50001@example.com')
  })

  it('reaches the last of 2,000,000 rows, taller than a browser lets an element be', () => {
    const n: ResultColumn[] = [{ name: 'n', dataTypeID: 23 }]
    const many = new ColumnarRows(1)
    for (let from = 0; from < 2_000_000; from += 100_000) many.append(Array.from({ length: 100_000 }, (_, i) => [from + i + 1]))
    const { container } = render(<ResultsGrid columns={n} rows={many} rowCount={many.length} />)
    const grid = screen.getByRole('grid')
    const content = grid.firstElementChild as HTMLElement
    expect(parseFloat(content.style.height)).toBe(MAX_CONTENT_HEIGHT)
    const end = MAX_CONTENT_HEIGHT - VIEWPORT.height
    act(() => {
      grid.scrollTop = end
      fireEvent.scroll(grid)
    })
    const last = container.querySelector<HTMLElement>('[data-row-index="1999999"]')!
    expect(last).toHaveTextContent('2000000')
    const top = Number(/translateY\(([\d.]+)px\)/.exec(last.style.transform)![1])
    expect(top + 28).toBeCloseTo(end + VIEWPORT.height)
  })

  it('shows column names in a header, NULL for null and JSON for objects', () => {
    const { container } = render(<ResultsGrid columns={columns} rows={columnar(columns, rows)} rowCount={rows.length} />)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Row number',
      'id',
      'email',
      'meta',
    ])

    const first = container.querySelector('[data-row-index="0"]')!
    const cells = first.querySelectorAll('[role="gridcell"]')
    expect(cells[0]).toHaveTextContent('1')
    expect(cells[1]).toHaveTextContent('NULL')
    expect(cells[1]).toHaveClass('text-foreground-lighter')
    expect(cells[2]).toHaveTextContent('{"n":0,"tags":["a","b"]}')
    expect(cells[2]).toHaveAttribute('title', '{"n":0,"tags":["a","b"]}')

    const second = container.querySelector('[data-row-index="1"]')!
    expect(second.querySelectorAll('[role="gridcell"]')[1]).toHaveTextContent('user2@example.com')
  })

  it('virtualizes columns too', () => {
    const wide = Array.from({ length: 500 }, (_, i) => ({ name: `c${i}`, dataTypeID: 23 }))
    const wideRows = [Object.fromEntries(wide.map((c, i) => [c.name, i]))]
    render(<ResultsGrid columns={wide} rows={columnar(wide, wideRows)} rowCount={wideRows.length} />)
    const headers = screen.getAllByRole('columnheader')
    expect(headers.length).toBeLessThan(50)
    expect(screen.getByRole('grid')).toHaveAttribute('aria-colcount', '501')
  })

  it('distinguishes the string "NULL" from null only by style', () => {
    const v = [{ name: 'v', dataTypeID: 25 }]
    render(<ResultsGrid columns={v} rows={columnar(v, [{ v: 'NULL' }, { v: null }])} rowCount={2} />)
    const [text, nul] = screen.getAllByRole('gridcell')
    expect(text).not.toHaveClass('text-foreground-lighter')
    expect(nul).toHaveClass('text-foreground-lighter')
  })

  describe('cells', () => {
    const people: ResultColumn[] = [
      { name: 'id', dataTypeID: 23 },
      { name: 'bio', dataTypeID: 25 },
      { name: 'meta', dataTypeID: 3802 },
    ]
    const long = `${'lorem ipsum '.repeat(200)}THE END`
    const data = [
      { id: 1, bio: long, meta: { tags: ['a'], nested: { ok: true } } },
      { id: 2, bio: null, meta: null },
    ]
    const cellsOf = (row: number) => [...document.querySelectorAll(`[data-row-index="${row}"] [role="gridcell"]`)] as HTMLElement[]

    afterEach(() => vi.restoreAllMocks())

    it('focuses a cell by click or arrows, and copies it with Ctrl/Cmd+C', async () => {
      const user = userEvent.setup()
      render(<ResultsGrid columns={people} rows={columnar(people, data)} rowCount={data.length} />)
      const grid = screen.getByRole('grid')
      await user.click(cellsOf(0)[0])
      expect(grid).toHaveFocus()
      expect(grid).toHaveAttribute('aria-activedescendant', cellsOf(0)[0].id)
      await user.keyboard('{ArrowRight}{ArrowRight}')
      expect(grid).toHaveAttribute('aria-activedescendant', cellsOf(0)[2].id)
      await user.keyboard('{Control>}c{/Control}')
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Cell copied'))
      expect(await navigator.clipboard.readText()).toBe('{"tags":["a"],"nested":{"ok":true}}')

      await user.keyboard('{ArrowDown}{Home}{Meta>}c{/Meta}')
      await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2))
      expect(await navigator.clipboard.readText()).toBe('2')

      vi.spyOn(document, 'hasFocus').mockReturnValue(false)
      await user.keyboard('{Control>}c{/Control}')
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unable to copy to clipboard'))
    })

    it('selects a block with Shift+arrows or Shift+click and copies it tab-separated', async () => {
      const user = userEvent.setup()
      render(<ResultsGrid columns={people} rows={columnar(people, data)} rowCount={data.length} />)
      await user.click(cellsOf(0)[0])
      await user.keyboard('{Shift>}{ArrowDown}{/Shift}')
      expect(cellsOf(1)[0]).toHaveAttribute('aria-selected', 'true')
      expect(cellsOf(1)[1]).not.toHaveAttribute('aria-selected')
      await user.keyboard('{Control>}c{/Control}')
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 cells copied'))
      expect(await navigator.clipboard.readText()).toBe('1\n2')

      // Shift+click extends from the same start; a plain arrow starts over.
      await user.keyboard('{Shift>}')
      await user.click(cellsOf(1)[2])
      await user.keyboard('{/Shift}')
      expect(cellsOf(0)[1]).toHaveAttribute('aria-selected', 'true')
      fireEvent.contextMenu(cellsOf(0)[1], { clientX: 10, clientY: 10 })
      await user.click(screen.getByRole('menuitem', { name: 'Copy selection (6 cells)' }))
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('6 cells copied'))
      expect((await navigator.clipboard.readText()).split('\n')[1]).toBe('2\t\t')
      await user.keyboard('{ArrowLeft}')
      expect(cellsOf(0)[1]).not.toHaveAttribute('aria-selected')
    })

    it('copies a row from the cell menu (right click or the ⋯ of the focused cell)', async () => {
      const user = userEvent.setup()
      render(<ResultsGrid columns={people} rows={columnar(people, data)} rowCount={data.length} />)
      fireEvent.contextMenu(cellsOf(1)[0], { clientX: 10, clientY: 10 })
      const menu = screen.getByRole('menu', { name: 'Cell actions' })
      expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus()
      await user.click(within(menu).getByRole('menuitem', { name: 'Copy row as JSON' }))
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Row copied'))
      expect(await navigator.clipboard.readText()).toBe('{"id":2,"bio":null,"meta":null}')
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
      expect(screen.getByRole('grid')).toHaveFocus()

      await user.click(screen.getByRole('button', { name: 'Cell actions' }))
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    })

    it('cuts a long value short in the grid and shows all of it on demand', async () => {
      const user = userEvent.setup()
      render(<ResultsGrid columns={people} rows={columnar(people, data)} rowCount={data.length} />)
      const bio = cellsOf(0)[1]
      expect(bio.textContent).toHaveLength(501)
      expect(bio.textContent?.endsWith('…')).toBe(true)
      expect(bio).not.toHaveTextContent('THE END')

      // Keyboard: focus the cell, Enter opens the viewer.
      screen.getByRole('grid').focus()
      await user.keyboard('{ArrowDown}{ArrowUp}{ArrowRight}{Enter}')
      const dialog = screen.getByRole('dialog')
      expect(within(dialog).getByTestId('cell-value').textContent).toBe(long)
      expect(dialog).toHaveTextContent(`Row 1 · ${long.length.toLocaleString('en-US')} characters`)
      await user.click(within(dialog).getByRole('button', { name: 'Copy value' }))
      await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(long))
      await user.keyboard('{Escape}')
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

      // Mouse: a double click; JSON is shown indented.
      await user.dblClick(cellsOf(0)[2])
      expect(within(screen.getByRole('dialog')).getByTestId('cell-value').textContent).toBe(
        JSON.stringify(data[0].meta, null, 2)
      )
    })
  })
})

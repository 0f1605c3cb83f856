// @vitest-environment happy-dom
/** Export downloads a file of the chosen type; Copy puts the text on the clipboard, or says why not. */
import { render, screen, waitFor } from '@testing-library/react'
import { recordToasts } from '@/tests/helpers/toasts'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { vi } from 'vitest'
import type { ResultColumn } from '@/lib/api-types/sql'
import { columnar } from '@/tests/fixtures/results'
import { ResultsToolbar } from './ResultsToolbar'

recordToasts()

const columns: ResultColumn[] = [
  { name: 'id', dataTypeID: 23 },
  { name: 'note', dataTypeID: 25 },
]
const rows = [
  { id: 1, note: 'a, b' },
  { id: 2, note: null },
]

/** Captures what a download would save: the Blob, the file name, and that the URL was revoked. */
function captureDownloads() {
  const blobs: Blob[] = []
  const names: string[] = []
  const createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob)
    return `blob:test/${blobs.length}`
  })
  const revokeObjectURL = vi.fn()
  Object.assign(URL, { createObjectURL, revokeObjectURL })
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  return { blobs, names, revokeObjectURL, restore: () => click.mockRestore() }
}

afterEach(() => vi.restoreAllMocks())

it('exports CSV, JSON and Markdown as files named after the snippet', async () => {
  const user = userEvent.setup()
  const downloads = captureDownloads()
  render(<ResultsToolbar columns={columns} rows={columnar(columns, rows)} exportName="Active users" />)

  await user.click(screen.getByRole('button', { name: 'Export' }))
  await user.click(screen.getByRole('menuitem', { name: 'CSV (.csv)' }))
  expect(downloads.names).toEqual(['Active users.csv'])
  expect(downloads.blobs[0].type).toBe('text/csv;charset=utf-8')
  expect(await downloads.blobs[0].text()).toBe('id,note\r\n1,"a, b"\r\n2,\r\n')
  await waitFor(() => expect(downloads.revokeObjectURL).toHaveBeenCalledWith('blob:test/1'))
  expect(document.querySelector('a[download]')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Export' }))
  await user.click(screen.getByRole('menuitem', { name: 'JSON (.json)' }))
  expect(downloads.blobs[1].type).toBe('application/json;charset=utf-8')
  expect(JSON.parse(await downloads.blobs[1].text())).toEqual(rows)

  await user.click(screen.getByRole('button', { name: 'Export' }))
  await user.click(screen.getByRole('menuitem', { name: 'Markdown (.md)' }))
  expect(downloads.names).toEqual(['Active users.csv', 'Active users.json', 'Active users.md'])
  expect(await downloads.blobs[2].text()).toBe('| id | note |\n| --- | --- |\n| 1 | a, b |\n| 2 |  |\n')
  downloads.restore()
})

it('names the file "results" without a snippet name, and works from the keyboard', async () => {
  const user = userEvent.setup()
  const downloads = captureDownloads()
  render(<ResultsToolbar columns={columns} rows={columnar(columns, rows)} />)
  screen.getByRole('button', { name: 'Export' }).focus()
  await user.keyboard('{ArrowDown}')
  expect(screen.getByRole('menuitem', { name: 'CSV (.csv)' })).toHaveFocus()
  await user.keyboard('{ArrowDown}{Enter}')
  expect(downloads.names).toEqual(['results.json'])
  expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus()
  downloads.restore()
})

it('copies as CSV, JSON or Markdown, and says so when the window is not focused', async () => {
  const user = userEvent.setup()
  render(<ResultsToolbar columns={columns} rows={columnar(columns, rows)} />)

  await user.click(screen.getByRole('button', { name: 'Copy' }))
  await user.click(screen.getByRole('menuitem', { name: 'Copy as Markdown' }))
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Copied as Markdown'))
  expect(await navigator.clipboard.readText()).toBe('| id | note |\n| --- | --- |\n| 1 | a, b |\n| 2 |  |\n')

  await user.click(screen.getByRole('button', { name: 'Copy' }))
  await user.click(screen.getByRole('menuitem', { name: 'Copy as JSON' }))
  await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Copied as JSON'))
  expect(JSON.parse(await navigator.clipboard.readText())).toEqual(rows)

  vi.spyOn(document, 'hasFocus').mockReturnValue(false)
  await user.click(screen.getByRole('button', { name: 'Copy' }))
  await user.click(screen.getByRole('menuitem', { name: 'Copy as CSV' }))
  await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unable to copy to clipboard'))
  expect(JSON.parse(await navigator.clipboard.readText())).toEqual(rows)
})

// @vitest-environment happy-dom
/**
 * The statements page against an MSW-mocked platform: one row per month with its status and
 * total, a row opening onto its lines, and "Download CSV" saving the statement's CSV as a file.
 */
import { vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { renderWithQueries } from '@/tests/helpers/render-with-queries'
import type { Invoice } from '@/lib/api-types'
import { invoiceCsv, invoiceCsvFilename } from '@/lib/billing/invoice-csv'
import { acmeOrganization, invoicesFixture } from './billing.fixtures'
import { InvoicesPage } from './InvoicesPage'

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function platform(answer: Invoice[] | 'error' = invoicesFixture) {
  server.use(
    http.get('*/api/platform/organizations/acme/billing/invoices', () =>
      answer === 'error' ? HttpResponse.json({ code: 500, message: 'The statements could not be computed.', requestId: 'r1' }, { status: 500 }) : HttpResponse.json(answer)
    )
  )
}

const renderPage = () => renderWithQueries(<InvoicesPage org={acmeOrganization} />)

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
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  return { blobs, names, revokeObjectURL }
}

afterEach(() => vi.restoreAllMocks())

const rowOf = (month: string) => screen.getByRole('button', { name: new RegExp(`^${month}`) }).closest('li')!

it('lists one statement per month with its status and total, and opens one onto its lines', async () => {
  platform()
  const { user } = renderPage()
  const list = await screen.findByRole('list', { name: 'Statements' })
  expect(within(list).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual(['November 2026Upcoming$25.00', 'October 2026Issued$0'])

  const november = screen.getByRole('button', { name: /^November 2026/ })
  expect(screen.queryByRole('table')).not.toBeInTheDocument()
  await user.click(november)
  expect(november).toHaveAttribute('aria-expanded', 'true')
  const table = within(rowOf('November 2026')).getByRole('table', { name: 'Lines of November 2026' })
  const rows = within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent))
  expect(rows).toEqual([
    ['Description', 'Quantity', 'Unit price', 'Amount'],
    ['Pro plan', '1 month', '$25.00', '$25.00'],
    // A price of a fraction of a cent keeps its decimals; an amount is in cents.
    ['Compute hours', '720 hours', '$0.01344', '$9.68'],
    ['Compute credits', '1 month', '–', '-$9.68'],
    ['Subtotal', '$34.68'],
    ['Credits', '-$9.68'],
    ['Total', '$25.00'],
  ])

  await user.click(november)
  expect(screen.queryByRole('table')).not.toBeInTheDocument()
})

it('downloads a statement as the CSV of its lines, named after the organization and month', async () => {
  platform()
  const downloads = captureDownloads()
  const { user } = renderPage()
  await user.click(await screen.findByRole('button', { name: 'Download CSV of October 2026' }))

  expect(downloads.names).toEqual([invoiceCsvFilename('acme', invoicesFixture[1])])
  expect(downloads.names[0]).toMatch(/^acme-.*2026-10\.csv$/)
  expect(downloads.blobs[0].type).toBe('text/csv;charset=utf-8')
  // Exactly the statement's CSV (its format is lib/billing/invoice-csv.ts's, tested there), of the row clicked.
  const october = await downloads.blobs[0].text()
  expect(october).toBe(invoiceCsv(invoicesFixture[1]))
  expect(october.split('\r\n')[1]).toMatch(/^Free plan,1,month,/)
  await waitFor(() => expect(downloads.revokeObjectURL).toHaveBeenCalledWith('blob:test/1'))
  // The temporary link is gone once the file is handed over.
  expect(document.querySelector('a[download]')).toBeNull()

  await user.click(screen.getByRole('button', { name: 'Download CSV of November 2026' }))
  expect(downloads.names.at(-1)).toBe(invoiceCsvFilename('acme', invoicesFixture[0]))
  const november = await downloads.blobs[1].text()
  expect(november).toBe(invoiceCsv(invoicesFixture[0]))
  expect(november).toMatch(/^Compute hours,720,hours,/m)
})

it('says when there are no statements yet', async () => {
  platform([])
  renderPage()
  expect(await screen.findByText('No statements yet')).toBeInTheDocument()
})

it('shows a failure with a way to try again', async () => {
  platform('error')
  const { user } = renderPage()
  expect(await screen.findByText('The statements could not be computed.')).toBeInTheDocument()
  platform()
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  expect(await screen.findByRole('list', { name: 'Statements' })).toBeInTheDocument()
})

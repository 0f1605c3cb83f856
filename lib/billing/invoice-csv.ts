/**
 * A monthly statement as a CSV file (RFC 4180: CRLF line ends, a field with a comma, quote or
 * line break in quotes, quotes doubled): one row per line, then the subtotal, credits and total.
 * Amounts are plain numbers in US dollars ("1234.50"), for spreadsheets to add up, not formatted.
 *
 * A text cell starting with = + - @ (or a tab or carriage return) gets a leading apostrophe, so a
 * spreadsheet shows it instead of running it as a formula (CSV injection).
 */
import type { Invoice } from '../api-types/billing'
import { roundCents } from './money'

/** Amounts in cents; unit prices with at least 2 decimals and as many as they have (at most 6); quantities as they are. */
type Precision = 'cents' | 'price' | 'quantity'
type Cell = { text: string } | { number: number | null; precision: Precision }

const HEADER = ['Description', 'Quantity', 'Unit', 'Unit price (USD)', 'Amount (USD)']

const text = (value: string): Cell => ({ text: value })
const cents = (value: number): Cell => ({ number: value, precision: 'cents' })
const price = (value: number | null): Cell => ({ number: value, precision: 'price' })
const quantity = (value: number): Cell => ({ number: value, precision: 'quantity' })
const empty = text('')

/** A number as a spreadsheet reads it: no thousands separator, never in exponent form. */
function numberText(value: number, precision: Precision): string {
  if (!Number.isFinite(value)) return ''
  if (precision === 'cents') return roundCents(value).toFixed(2)
  const trimmed = value.toFixed(6).replace(/\.?0+$/, '')
  if (precision === 'quantity') return trimmed
  const decimals = (trimmed.split('.')[1] ?? '').length
  return decimals >= 2 ? trimmed : value.toFixed(2)
}

const FORMULA_START = /^[=+\-@\t\r]/

function field(cell: Cell): string {
  const value = 'text' in cell ? (FORMULA_START.test(cell.text) ? `'${cell.text}` : cell.text) : cell.number === null ? '' : numberText(cell.number, cell.precision)
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

const record = (cells: Cell[]) => cells.map(field).join(',')

export function invoiceCsv(invoice: Invoice): string {
  const rows: Cell[][] = [
    HEADER.map(text),
    ...invoice.lines.map((line) => [text(line.description), quantity(line.quantity), text(line.unit), price(line.unit_price), cents(line.amount)]),
    [text('Subtotal'), empty, empty, empty, cents(invoice.subtotal)],
    // Credits reduce the total: shown as a negative amount, whichever sign they are stored with.
    [text('Credits'), empty, empty, empty, cents(-Math.abs(invoice.credits))],
    [text('Total'), empty, empty, empty, cents(invoice.total)],
  ]
  return rows.map(record).join('\r\n') + '\r\n'
}

/** The file name of a statement: "acme-statement-2026-03.csv" (only letters, digits, - and _ from the slug). */
export function invoiceCsvFilename(organizationSlug: string, invoice: Pick<Invoice, 'id'>): string {
  const safe = (part: string) => part.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '')
  return `${safe(organizationSlug) || 'organization'}-statement-${safe(invoice.id)}.csv`
}

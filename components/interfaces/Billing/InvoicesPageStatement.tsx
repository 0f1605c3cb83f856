import { useId, useState } from 'react'
import clsx from 'clsx'
import dayjs from 'dayjs'
import { ChevronRight, Download } from 'lucide-react'
import { Badge, Button } from '@/components/ui'
import { downloadBlob } from '@/components/interfaces/SQLEditor/download-blob'
import type { Invoice } from '@/lib/api-types'
import { invoiceCsv, invoiceCsvFilename } from '@/lib/billing/invoice-csv'
import { formatUnitPrice, formatUsd } from '@/lib/billing/money'

const quantity = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

/** The statement's month, 'November 2026', from its id ('2026-11'), whatever the reader's time zone. */
export const statementMonth = (invoice: Pick<Invoice, 'id'>) => dayjs(`${invoice.id}-01`).format('MMMM YYYY')

/** Saves the statement as the CSV file the platform's statements are exported as. */
export function downloadStatementCsv(slug: string, invoice: Invoice) {
  downloadBlob(new Blob([invoiceCsv(invoice)], { type: 'text/csv;charset=utf-8' }), invoiceCsvFilename(slug, invoice))
}

/**
 * One statement: month, status and total on a row that opens onto its lines (description,
 * quantity, unit price, amount), subtotal, credits and total. The lines' table scrolls sideways on
 * a narrow screen; the row itself wraps.
 */
export function InvoicesPageStatement({ invoice, slug }: { invoice: Invoice; slug: string }) {
  const [open, setOpen] = useState(false)
  const detailsId = useId()
  const month = statementMonth(invoice)
  return (
    <li>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-[16rem] flex-1 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-2 focus-visible:ring-brand"
        >
          <ChevronRight size={16} aria-hidden="true" className={clsx('shrink-0 text-foreground-lighter transition-transform', open && 'rotate-90')} />
          <span className="min-w-0 flex-1 font-medium">{month}</span>
          <Badge variant={invoice.status === 'upcoming' ? 'brand' : 'default'}>{invoice.status === 'upcoming' ? 'Upcoming' : 'Issued'}</Badge>
          <span className="w-24 shrink-0 text-right tabular-nums">{formatUsd(invoice.total)}</span>
        </button>
        <Button size="tiny" type="outline" icon={<Download size={14} />} aria-label={`Download CSV of ${month}`} onClick={() => downloadStatementCsv(slug, invoice)}>
          Download CSV
        </Button>
      </div>
      {open && (
        <div id={detailsId} className="px-5 pb-4">
          {invoice.status === 'upcoming' && <p className="mb-2 text-xs text-foreground-lighter">The month in progress: figures so far.</p>}
          <div className="relative overflow-x-auto rounded-md border border-border">
            <table className="w-full min-w-[34rem] text-sm" aria-label={`Lines of ${month}`}>
              <thead className="bg-surface-raised text-left text-xs text-foreground-light">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">Description</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Quantity</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Unit price</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Amount</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {invoice.lines.map((line, index) => (
                  <tr key={`${line.description}-${index}`}>
                    <td className="px-3 py-2">{line.description}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {quantity.format(line.quantity)} {line.unit}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{line.unit_price === null ? '–' : formatUnitPrice(line.unit_price)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatUsd(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="border-t border-border">
                <SumRow label="Subtotal" amount={formatUsd(invoice.subtotal)} />
                {/* Credits reduce the total, whichever sign they are stored with (as in the CSV). */}
                <SumRow label="Credits" amount={formatUsd(-Math.abs(invoice.credits))} />
                <SumRow label="Total" amount={formatUsd(invoice.total)} strong />
              </tfoot>
            </table>
          </div>
        </div>
      )}
    </li>
  )
}

function SumRow({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <tr className={clsx(strong && 'font-semibold')}>
      <th scope="row" colSpan={3} className={clsx('px-3 py-1.5 text-right', strong ? 'text-foreground' : 'font-normal text-foreground-light')}>
        {label}
      </th>
      <td className="px-3 py-1.5 text-right tabular-nums">{amount}</td>
    </tr>
  )
}

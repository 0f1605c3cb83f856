import clsx from 'clsx'
import { Copy, Download } from 'lucide-react'
import type { ReactNode } from 'react'
import { toast } from 'sonner'
import { copyToClipboard } from '@/components/ui/CopyButton'
import type { ResultColumn } from '@/lib/api-types/sql'
import { EXPORT_TYPES, exportBlob, exportText, tableFromColumns, type ExportFormat } from '@/lib/sql/export'
import type { ColumnarRows } from '@/lib/sql/result-set'
import { downloadBlob } from './download-blob'
import { MenuButton } from './ResultsMenu'
import { exportFileName } from './ResultsPanel.utils'

const FORMATS: { format: ExportFormat; label: string }[] = [
  { format: 'csv', label: 'CSV' },
  { format: 'json', label: 'JSON' },
  { format: 'markdown', label: 'Markdown' },
]

export type ResultsToolbarProps = {
  columns: ResultColumn[]
  rows: ColumnarRows
  /** Rows are still arriving: export and copy wait for the whole result. */
  disabled?: boolean
  /** The snippet's name, for the file name ("results" without one). */
  exportName?: string
  /** Left side: the Tree / Text toggle of a plan. */
  start?: ReactNode
}

/** Export (a download) and Copy (the clipboard) of one result set, as CSV, JSON or Markdown. */
export function ResultsToolbar({ columns, rows, exportName, start, disabled = false }: ResultsToolbarProps) {
  // Built on demand: the table reads the rows where they are, nothing is copied until asked.
  const table = () => tableFromColumns(columns.map((column) => column.name), rows)
  const download = (format: ExportFormat) =>
    downloadBlob(exportBlob(table(), format), exportFileName(exportName, EXPORT_TYPES[format].extension))
  const copy = (format: ExportFormat, label: string) =>
    copyToClipboard(exportText(table(), format)).then(
      () => void toast.success(`Copied as ${label}`),
      (error: Error) => void toast.error(error.message)
    )

  return (
    <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border bg-background px-2 py-1">
      <div className="flex min-w-0 flex-1 items-center gap-2">{start}</div>
      <MenuButton
        label="Export"
        disabled={disabled}
        icon={<Download size={14} aria-hidden="true" />}
        items={FORMATS.map(({ format, label }) => ({ label: `${label} (.${EXPORT_TYPES[format].extension})`, onSelect: () => download(format) }))}
      />
      <MenuButton
        label="Copy"
        disabled={disabled}
        icon={<Copy size={14} aria-hidden="true" />}
        items={FORMATS.map(({ format, label }) => ({ label: `Copy as ${label}`, onSelect: () => void copy(format, label) }))}
      />
    </div>
  )
}

/** The Tree / Text switch of an EXPLAIN result. */
export function PlanViewToggle({ view, onChange }: { view: 'tree' | 'text'; onChange: (view: 'tree' | 'text') => void }) {
  return (
    <div role="group" aria-label="Plan view" className="inline-flex overflow-hidden rounded-md border border-border text-xs">
      {(['tree', 'text'] as const).map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={view === value}
          onClick={() => onChange(value)}
          className={clsx(
            'px-2 py-1 focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none focus-visible:ring-inset',
            view === value ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:text-foreground'
          )}
        >
          {value === 'tree' ? 'Tree' : 'Text'}
        </button>
      ))}
    </div>
  )
}

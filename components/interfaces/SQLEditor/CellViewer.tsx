import { Modal } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { fullText } from './ResultsGrid.utils'

export type CellViewerProps = {
  open: boolean
  onClose: () => void
  column: string
  /** 1-based, as the grid numbers rows. */
  rowNumber: number
  value: unknown
}

/**
 * One cell's whole value, which the grid cuts short: text as it is, JSON indented, with a Copy
 * button. Rendered only while open, so a megabyte of JSON costs nothing until someone asks.
 */
export function CellViewer({ open, onClose, column, rowNumber, value }: CellViewerProps) {
  const text = open ? fullText(value) : null
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      size="xlarge"
      title={<span className="font-mono break-all">{column}</span>}
      description={`Row ${rowNumber.toLocaleString('en-US')}${text === null ? '' : ` · ${text.length.toLocaleString('en-US')} characters`}`}
      footer={<CopyButton size="tiny" text={text ?? ''} label="Copy value" disabled={text === null}>Copy</CopyButton>}
    >
      {text === null ? (
        <p className="font-mono text-sm text-foreground-lighter italic">NULL</p>
      ) : (
        <pre
          data-testid="cell-value"
          className="max-h-[60vh] overflow-auto rounded-md border border-border bg-background p-3 font-mono text-xs break-all whitespace-pre-wrap text-foreground"
        >
          {text}
        </pre>
      )}
    </Modal>
  )
}

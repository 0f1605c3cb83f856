import { Modal, ModalActions } from '@/components/ui'
import type { DestructiveStatement } from '@/lib/sql/destructive'

const KIND_LABELS: Record<DestructiveStatement['kind'], string> = {
  drop: 'DROP',
  truncate: 'TRUNCATE',
  delete: 'DELETE',
  'update without where': 'UPDATE without WHERE',
  'alter drop': 'ALTER … DROP',
}

const MAX_LINE = 120

/** The first non-blank line of a statement, cut to fit one row of the list. */
export function firstLineOf(sql: string, statement: Pick<DestructiveStatement, 'start' | 'end'>): string {
  const line = sql.slice(statement.start, statement.end).split(/\r\n|\r|\n/).find((l) => l.trim()) ?? ''
  const trimmed = line.trim()
  return trimmed.length > MAX_LINE ? `${trimmed.slice(0, MAX_LINE - 1)}…` : trimmed
}

export type DestructiveConfirmModalProps = {
  /** What is about to run, and the statements in it worth a second look; closed when null. */
  pending: { sql: string; statements: DestructiveStatement[] } | null
  onConfirm: () => void
  onCancel: () => void
}

/**
 * Asks before running SQL that drops, truncates, deletes or updates every row. Focus starts on
 * Cancel, so an Enter meant for the editor does not run it.
 */
export function DestructiveConfirmModal({ pending, onConfirm, onCancel }: DestructiveConfirmModalProps) {
  return (
    <Modal
      open={pending !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="This query may change or remove data"
      description="Check that these statements do what you mean before running them."
      footer={<ModalActions actionLabel="Run this query" tone="danger" onCancel={onCancel} onAction={onConfirm} autoFocusCancel />}
    >
      {pending && (
        <ul className="max-h-64 space-y-2 overflow-y-auto text-sm" aria-label="Statements that may change or remove data">
          {pending.statements.map((statement) => (
            <li key={statement.start} className="min-w-0 rounded-md border border-border bg-background px-3 py-2">
              <span className="mr-2 text-xs font-medium text-destructive">{KIND_LABELS[statement.kind]}</span>
              <code className="font-mono text-xs break-all text-foreground">{firstLineOf(pending.sql, statement)}</code>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  )
}

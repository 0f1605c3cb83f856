import type { ReactNode } from 'react'
import { Alert } from './Alert'
import { Modal } from './Modal'
import { ModalActions } from './ModalActions'
import { SqlBlock } from './SqlBlock'

export type SqlReviewDialogProps = {
  open: boolean
  title: string
  description?: ReactNode
  /** The SQL that runs on the run button, exactly as sent (a secret in it masked); null while the options above it are incomplete. */
  sql: string | null
  /** Why there is no SQL yet (or why it cannot be made), shown in its place. */
  problem?: string | null
  /** The caption and accessible name of the SQL. */
  sqlLabel?: string
  /** Postgres' message of the last attempt: it stays, the dialog open, until the next one. */
  error?: string | null
  /** The heading above `error`. */
  errorTitle?: string
  running: boolean
  runLabel?: string
  danger?: boolean
  /** Blocks the run button (e.g. until the table's name is typed). */
  runDisabled?: boolean
  onRun: () => void
  onClose: () => void
  /** Options above the SQL (a schema, a name to type, "cascade" …). */
  children?: ReactNode
}

/**
 * Every change the dashboard makes in a project's database through a dialog: the options, the SQL
 * they make, read-only, then the run button. A failure keeps Postgres' message under the SQL.
 */
export function SqlReviewDialog({
  open,
  title,
  description,
  sql,
  problem,
  sqlLabel = 'SQL to run',
  error,
  errorTitle = 'The database refused the change',
  running,
  runLabel = 'Run',
  danger,
  runDisabled,
  onRun,
  onClose,
  children,
}: SqlReviewDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !running && onClose()}
      title={title}
      description={description}
      size="large"
      preventBackdropClose={running}
      footer={
        <ModalActions
          actionLabel={runLabel}
          tone={danger ? 'danger' : 'primary'}
          onCancel={onClose}
          onAction={onRun}
          busy={running}
          actionDisabled={sql === null || runDisabled}
        />
      }
    >
      <div className="flex flex-col gap-3">
        {children}
        {sql !== null ? (
          <SqlBlock sql={sql} label={sqlLabel} copyLabel="Copy SQL" />
        ) : (
          <p className="rounded-md border border-dashed border-border p-3 text-sm text-foreground-light">{problem ?? 'Fill in the form to see the SQL.'}</p>
        )}
        {error && (
          <Alert variant="danger" title={errorTitle}>
            <span className="font-mono text-xs break-words whitespace-pre-wrap">{error}</span>
          </Alert>
        )}
      </div>
    </Modal>
  )
}

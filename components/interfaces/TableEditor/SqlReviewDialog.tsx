import type { ReactNode } from 'react'
import { Alert, Button, Modal } from '@/components/ui'

export type SqlReviewDialogProps = {
  open: boolean
  title: string
  description?: ReactNode
  /** The SQL that runs on "Run", exactly as sent; null while the form above it is incomplete. */
  sql: string | null
  /** Why there is no SQL yet (or why it cannot be made), shown in its place. */
  problem?: string | null
  /** Postgres' message of the last attempt: it stays until the next one. */
  error?: string | null
  /** The heading above `error`, when it is not the database refusing (a conflict, say). */
  errorTitle?: string
  running: boolean
  runLabel?: string
  danger?: boolean
  /** Blocks "Run" (e.g. until the table's name is typed). */
  runDisabled?: boolean
  onRun: () => void
  onClose: () => void
  /** Options above the SQL (a name to type, "cascade" …). */
  children?: ReactNode
}

/**
 * Every change of the table editor passes here: the SQL it will run, read-only, then "Run". A
 * failure keeps Postgres' message under the SQL; the change was one transaction, so nothing of it
 * stayed behind.
 */
export function SqlReviewDialog({
  open,
  title,
  description,
  sql,
  problem,
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
        <>
          <Button type="default" onClick={onClose} disabled={running}>
            Cancel
          </Button>
          <Button type={danger ? 'danger' : 'primary'} onClick={onRun} loading={running} disabled={sql === null || runDisabled}>
            {runLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {children}
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-foreground-light">SQL that will run</span>
          {sql !== null ? (
            <pre
              aria-label="SQL to run"
              tabIndex={0}
              className="max-h-72 overflow-auto rounded-md border border-border bg-surface-raised p-3 font-mono text-xs whitespace-pre text-foreground"
            >
              {sql}
            </pre>
          ) : (
            <p className="rounded-md border border-dashed border-border p-3 text-sm text-foreground-light">{problem ?? 'Fill in the form to see the SQL.'}</p>
          )}
        </div>
        {error && (
          <Alert variant="danger" title={errorTitle} role="alert">
            <span className="font-mono text-xs break-words whitespace-pre-wrap">{error}</span>
          </Alert>
        )}
      </div>
    </Modal>
  )
}

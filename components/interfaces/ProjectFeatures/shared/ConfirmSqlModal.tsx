import { Alert, Button, Modal } from '@/components/ui'
import { SqlBlock } from './SqlBlock'

export type ConfirmSqlModalProps = {
  open: boolean
  title: string
  /** What running it does, in words. */
  description?: string
  /** The statement as shown (a secret in it masked). */
  sql: string
  confirmLabel: string
  danger?: boolean
  running: boolean
  /** Postgres' message when the run failed: shown beside the SQL, the dialog stays open. */
  error: string | null
  onConfirm: () => void
  onClose: () => void
}

/** Every change a feature page makes: the SQL first, then the user runs it (or not). */
export function ConfirmSqlModal({ open, title, description, sql, confirmLabel, danger, running, error, onConfirm, onClose }: ConfirmSqlModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !running && onClose()}
      title={title}
      description={description}
      preventBackdropClose={running}
      size="large"
      footer={
        <>
          <Button type="default" onClick={onClose} disabled={running}>
            Cancel
          </Button>
          <Button type={danger ? 'danger' : 'primary'} loading={running} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <SqlBlock sql={sql} label="SQL to run" />
        {error !== null && (
          <Alert variant="danger" title="Postgres refused it">
            {error}
          </Alert>
        )}
      </div>
    </Modal>
  )
}

import type { ReactNode } from 'react'
import { Modal, ModalActions } from '@/components/ui'

export type ConfirmModalProps = {
  open: boolean
  title: string
  children: ReactNode
  confirmLabel: string
  loading?: boolean
  onConfirm: () => void
  onClose: () => void
}

/** "Are you sure?" before something that cannot be undone. */
export function ConfirmModal({ open, title, children, confirmLabel, loading, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      size="small"
      preventBackdropClose={loading}
      footer={<ModalActions actionLabel={confirmLabel} tone="danger" onCancel={onClose} onAction={onConfirm} busy={loading} />}
    >
      <div className="text-sm text-foreground-light">{children}</div>
    </Modal>
  )
}

import type { FormEvent, ReactNode } from 'react'
import { Alert, Input, Modal, ModalActions } from '@/components/ui'

/**
 * The frame "Add user" and "Invite user" share: a dialog with a form whose first field is the
 * email address, Cancel and the submit button, and the platform's refusal shown inside.
 */
export function UserFormModal(props: {
  open: boolean
  formId: string
  title: string
  description: string
  submitLabel: string
  pending: boolean
  /** Shown under the fields when the platform refused. */
  error: { title: string; message: string } | null
  email: string
  onEmailChange: (email: string) => void
  emailError: string | undefined
  onSubmit: (e: FormEvent) => void
  onClose: () => void
  children?: ReactNode
}) {
  const { open, formId, title, description, submitLabel, pending, error, email, onEmailChange, emailError, onSubmit, onClose, children } = props
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      preventBackdropClose={pending}
      footer={<ModalActions actionLabel={submitLabel} onCancel={onClose} form={formId} busy={pending} />}
    >
      <form id={formId} className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-label={title}>
        <Input label="Email address" type="email" autoComplete="off" value={email} onChange={(e) => onEmailChange(e.target.value)} error={emailError} />
        {children}
        {error && (
          <Alert variant="danger" title={error.title}>
            {error.message}
          </Alert>
        )}
      </form>
    </Modal>
  )
}

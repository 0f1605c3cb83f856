import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Alert, Button, Input, Modal } from '@/components/ui'
import { useProjectUserInviteMutation } from '@/data/project-auth/project-user-invite-mutation'
import { projectAuthEmailBody } from '@/lib/api-types'

const FORM_ID = 'project-auth-invite-user'

/** "Invite user": the user is created and mailed a link (through SMTP_URL, or the log) to set a password. */
export function InviteUserModal({ projectRef, open, onClose }: { projectRef: string; open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const invite = useProjectUserInviteMutation({
    onSuccess: (user) => {
      toast.success(`Invitation sent to ${user.email}`)
      close()
    },
    onError: () => undefined, // shown in the dialog
  })
  const emailError = projectAuthEmailBody.shape.email.safeParse(email).error?.issues[0]?.message

  function close() {
    setEmail('')
    setSubmitted(false)
    invite.reset()
    onClose()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (!emailError) invite.mutate({ projectRef, email })
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="Invite user"
      description="Sends a mail with a link to set a password and sign in."
      preventBackdropClose={invite.isPending}
      footer={
        <>
          <Button type="outline" disabled={invite.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" form={FORM_ID} loading={invite.isPending}>
            Send invitation
          </Button>
        </>
      }
    >
      <form id={FORM_ID} className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="Invite user">
        <Input
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={submitted ? emailError : undefined}
        />
        {invite.isError && (
          <Alert variant="danger" title="Could not invite the user">
            {invite.error.message}
          </Alert>
        )}
      </form>
    </Modal>
  )
}

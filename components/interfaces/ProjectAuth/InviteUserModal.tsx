import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { useProjectUserInviteMutation } from '@/data/project-auth/project-user-invite-mutation'
import { projectAuthEmailBody } from '@/lib/api-types/project-auth'
import { UserFormModal } from './UserFormModal'

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
    <UserFormModal
      open={open}
      formId={FORM_ID}
      title="Invite user"
      description="Sends a mail with a link to set a password and sign in."
      submitLabel="Send invitation"
      pending={invite.isPending}
      error={invite.isError ? { title: 'Could not invite the user', message: invite.error.message } : null}
      email={email}
      onEmailChange={setEmail}
      emailError={submitted ? emailError : undefined}
      onSubmit={submit}
      onClose={close}
    />
  )
}

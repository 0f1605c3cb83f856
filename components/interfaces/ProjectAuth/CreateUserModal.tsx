import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Input, Toggle } from '@/components/ui'
import { useProjectAuthConfigQuery } from '@/data/project-auth/project-auth-config-query'
import { useProjectUserCreateMutation } from '@/data/project-auth/project-user-create-mutation'
import { createProjectUserBody } from '@/lib/api-types/project-auth'
import { UserFormModal } from './UserFormModal'

const FORM_ID = 'project-auth-create-user'

/**
 * "Add user": an email, a password (optional: without one the user signs in by a link or sets one
 * through recovery), confirmed at once or sent a confirmation mail. The platform's refusal (a
 * taken email, a short password) shows in the dialog, which stays open.
 */
export function CreateUserModal({ projectRef, open, onClose }: { projectRef: string; open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [autoConfirm, setAutoConfirm] = useState(true)
  const [submitted, setSubmitted] = useState(false)
  const create = useProjectUserCreateMutation({
    onSuccess: (user) => {
      toast.success(`User ${user.email} created`)
      close()
    },
    onError: () => undefined, // shown in the dialog
  })
  // The project's own minimum, checked here too so a short password is caught before sending.
  const minLength = useProjectAuthConfigQuery({ projectRef }, { enabled: open }).data?.password_min_length
  const emailError = createProjectUserBody.shape.email.safeParse(email).error?.issues[0]?.message
  const passwordError = password && minLength !== undefined && password.length < minLength ? `The password must be at least ${minLength} characters.` : undefined

  function close() {
    setEmail('')
    setPassword('')
    setAutoConfirm(true)
    setSubmitted(false)
    create.reset()
    onClose()
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (emailError || passwordError) return
    create.mutate({ projectRef, email, password: password || undefined, emailConfirm: autoConfirm })
  }

  return (
    <UserFormModal
      open={open}
      formId={FORM_ID}
      title="Add user"
      description="Creates a user of this project's applications."
      submitLabel="Create user"
      pending={create.isPending}
      error={create.isError ? { title: 'Could not create the user', message: create.error.message } : null}
      email={email}
      onEmailChange={setEmail}
      emailError={submitted ? emailError : undefined}
      onSubmit={submit}
      onClose={close}
    >
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        description={`Optional${minLength ? `, at least ${minLength} characters` : ''}: without one, the user signs in by a link or sets a password through recovery.`}
        onChange={(e) => setPassword(e.target.value)}
        error={submitted ? passwordError : undefined}
      />
      <Toggle
        label="Auto-confirm user"
        description={autoConfirm ? 'The user can sign in at once.' : 'The user is sent a mail to confirm their address first.'}
        checked={autoConfirm}
        onCheckedChange={setAutoConfirm}
      />
    </UserFormModal>
  )
}

import { useState } from 'react'
import { Button, Input, Modal, ModalActions } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { MAX_DB_PASSWORD_LENGTH, MIN_DB_PASSWORD_LENGTH } from '@/lib/api-types/connection'
import { useDbPasswordChangeMutation } from '@/data/connection/db-password-mutation'
import { generatePassword } from './connection-lines'

/**
 * Sets a new password for the project's own role: one generated here (the browser's crypto) or
 * typed; shown once afterwards so that it can be copied. The old one stops working at once.
 */
export function ResetPasswordDialog({ projectRef, open, onOpenChange }: { projectRef: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [password, setPassword] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const change = useDbPasswordChangeMutation({ onSuccess: (_, { password }) => setSaved(password), onError: () => undefined })
  const tooShort = password.length > 0 && password.length < MIN_DB_PASSWORD_LENGTH

  const close = (next: boolean) => {
    if (!next) {
      setPassword('')
      setSaved(null)
      change.reset()
    }
    onOpenChange(next)
  }

  return (
    <Modal
      open={open}
      onOpenChange={close}
      title="Reset database password"
      description="Applications that use the current password stop connecting until they get the new one."
      footer={
        saved ? (
          <Button type="primary" onClick={() => close(false)}>
            Done
          </Button>
        ) : (
          <ModalActions
            actionLabel="Reset password"
            tone="danger"
            onCancel={() => close(false)}
            onAction={() => change.mutate({ projectRef, password })}
            busy={change.isPending}
            actionDisabled={password.length < MIN_DB_PASSWORD_LENGTH}
          />
        )
      }
    >
      {saved ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">The new password is set. Copy it now: it is shown here once.</p>
          <div className="flex min-w-0 items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-md border border-border bg-surface-raised px-2 py-1.5 font-mono text-sm">{saved}</code>
            <CopyButton text={saved} label="Copy the new password" type="default" />
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <Input
                label="New password"
                value={password}
                maxLength={MAX_DB_PASSWORD_LENGTH}
                autoComplete="new-password"
                spellCheck={false}
                onChange={(e) => setPassword(e.target.value)}
                error={tooShort ? `At least ${MIN_DB_PASSWORD_LENGTH} characters.` : (change.error?.message ?? undefined)}
              />
            </div>
            <Button type="default" onClick={() => setPassword(generatePassword())}>
              Generate a password
            </Button>
          </div>
        </div>
      )}
    </Modal>
  )
}

import { useState, type FormEvent } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Input, Modal, ModalActions } from '@/components/ui'
import { cloneBackupBody } from '@/lib/api-types/backups'
import type { Backup } from '@/lib/api-types'
import { useBackupCloneMutation } from '@/data/backups/backup-clone-mutation'

/**
 * Clone a backup into a new project of the same organization: a name, then the new project's
 * page, which shows it being set up and polls until it is active. A refusal (the plan's project
 * limit) is shown under the name.
 */
export function CloneBackupModal({ projectRef, backup, onClose }: { projectRef: string; backup: Backup | null; onClose: () => void }) {
  const router = useRouter()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const clone = useBackupCloneMutation()

  function submit(event: FormEvent) {
    event.preventDefault()
    if (!backup) return
    const parsed = cloneBackupBody.safeParse({ name })
    if (!parsed.success) return setError(parsed.error.issues[0].message)
    setError(null)
    clone.mutate(
      { projectRef, id: backup.id, name: parsed.data.name },
      {
        onSuccess: (project) => {
          toast.success(`${project.name} is being set up from the backup`)
          void router.push(`/project/${project.ref}`)
        },
        onError: (failed) => setError(failed.message),
      }
    )
  }

  const close = () => {
    setName('')
    setError(null)
    onClose()
  }

  return (
    <Modal
      open={backup !== null}
      onOpenChange={(next) => !next && close()}
      title="Clone into a new project"
      size="small"
      preventBackdropClose={clone.isPending}
      footer={<ModalActions actionLabel="Clone" onCancel={close} form="clone-backup" busy={clone.isPending} />}
    >
      <form id="clone-backup" onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <p className="text-sm text-foreground-light">
          A new project of this organization starts with the data of the backup of {backup && new Date(backup.inserted_at).toLocaleString()}. It counts
          towards the plan&apos;s projects.
        </p>
        <Input label="Project name" value={name} maxLength={64} onChange={(e) => setName(e.target.value)} error={error ?? undefined} autoFocus />
      </form>
    </Modal>
  )
}

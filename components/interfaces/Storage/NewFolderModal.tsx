import { useState, type FormEvent } from 'react'
import { Alert, Input, Modal, ModalActions } from '@/components/ui'
import { uploadStorageFile } from '@/data/storage/upload-file'
import { FOLDER_PLACEHOLDER } from '@/lib/api-types/storage'
import { folderNameProblem, joinPath } from '@/lib/storage/explorer'
import { invalidNameReason } from '@/state/storage-uploads'

const FORM_ID = 'storage-new-folder'

/**
 * "New folder": a folder is the start of its files' names, so an empty one holds a placeholder
 * file (hidden from the list), as Supabase's dashboard makes it. Opens the folder once made.
 */
export function NewFolderModal({
  projectRef,
  bucketId,
  prefix,
  open,
  onClose,
  onMade,
}: {
  projectRef: string
  bucketId: string
  prefix: string
  open: boolean
  onClose: () => void
  onMade: (prefix: string) => void
}) {
  const [name, setName] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const folder = joinPath(prefix, name.trim())
  const problem =
    folderNameProblem(name) ?? (name.trim() ? (invalidNameReason(joinPath(folder, FOLDER_PLACEHOLDER))?.replace('Its name', 'The name') ?? null) : null)

  const close = () => {
    setName('')
    setSubmitted(false)
    setFailure(null)
    onClose()
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (problem) return
    setBusy(true)
    setFailure(null)
    try {
      await uploadStorageFile({
        projectRef,
        bucketId,
        path: joinPath(folder, FOLDER_PLACEHOLDER),
        file: new Blob([]),
        upsert: true,
      })
      onMade(folder)
      close()
    } catch (error) {
      setFailure((error as Error).message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title="New folder"
      description={prefix ? `In ${prefix}` : 'At the top of the bucket'}
      size="small"
      preventBackdropClose={busy}
      footer={<ModalActions actionLabel="Create folder" onCancel={close} form={FORM_ID} busy={busy} />}
    >
      <form id={FORM_ID} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate aria-label="New folder">
        <Input
          label="Folder name"
          value={name}
          autoComplete="off"
          autoFocus
          onChange={(e) => setName(e.target.value)}
          error={submitted ? (problem ?? undefined) : undefined}
        />
        {failure && (
          <Alert variant="danger" title="Could not create the folder">
            {failure}
          </Alert>
        )}
      </form>
    </Modal>
  )
}

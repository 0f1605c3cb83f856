import { useState, type FormEvent } from 'react'
import { Alert, Button, Input, Modal, ModalActions } from '@/components/ui'
import { ValueField } from '@/components/interfaces/ApiSettings/ValueField'
import { useStorageS3AccessKeyCreateMutation } from '@/data/storage/s3-access-key-create-mutation'
import { createStorageS3AccessKeyBody, type CreatedStorageS3AccessKey } from '@/lib/api-types/storage'

const FORM_ID = 'storage-s3-access-key-form'

/**
 * "New access key": a description, then the key made, its secret shown this once with copy
 * buttons. The secret lives in this dialog's state only, gone once it closes. The platform's
 * refusal shows in the dialog, which stays open.
 */
export function S3AccessKeyCreateModal({ projectRef, open, onClose }: { projectRef: string; open: boolean; onClose: () => void }) {
  // Mounted afresh each time it opens: an empty form, and no secret left from last time.
  if (!open) return null
  return <CreateAccessKey projectRef={projectRef} onClose={onClose} />
}

function CreateAccessKey({ projectRef, onClose }: { projectRef: string; onClose: () => void }) {
  const [description, setDescription] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [created, setCreated] = useState<CreatedStorageS3AccessKey | null>(null)
  const create = useStorageS3AccessKeyCreateMutation({ onSuccess: setCreated, onError: () => undefined })
  const descriptionError = createStorageS3AccessKeyBody.shape.description.safeParse(description).error?.issues[0]?.message

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (descriptionError) return
    create.mutate({ projectRef, description: description.trim() })
  }

  if (created)
    return (
      <Modal
        open
        onOpenChange={(next) => !next && onClose()}
        title="Access key created"
        description={`“${created.description}”: give both values to the S3 client.`}
        preventBackdropClose
        footer={
          <Button type="primary" onClick={onClose}>
            Done
          </Button>
        }
      >
        <div className="flex flex-col gap-4">
          <Alert variant="warning" title="Copy the secret now: it will not be shown again">
            The platform keeps no way to show it later. If it is lost, revoke this key and create a new one.
          </Alert>
          <ValueField label="Access key id" value={created.access_key_id} copyLabel="Copy the access key id" />
          <ValueField label="Secret access key" value={created.secret_access_key} copyLabel="Copy the secret access key" />
        </div>
      </Modal>
    )

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="New access key"
      description="The key signs S3 requests with the service role's rights, over every bucket of this project."
      preventBackdropClose={create.isPending}
      footer={<ModalActions actionLabel="Create access key" onCancel={onClose} form={FORM_ID} busy={create.isPending} />}
    >
      <form id={FORM_ID} className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label="New access key">
        <Input
          label="Description"
          value={description}
          autoComplete="off"
          placeholder="Nightly backup job"
          description="What or who uses the key, so you know which one to revoke later."
          onChange={(e) => setDescription(e.target.value)}
          error={submitted ? descriptionError : undefined}
        />
        {create.isError && (
          <Alert variant="danger" title="Could not create the access key">
            {create.error.message}
          </Alert>
        )}
      </form>
    </Modal>
  )
}

import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Alert, Input, Modal, ModalActions, Select, Toggle } from '@/components/ui'
import { useStorageBucketCreateMutation } from '@/data/storage/bucket-create-mutation'
import { useStorageBucketUpdateMutation } from '@/data/storage/bucket-update-mutation'
import { createStorageBucketBody, type StorageBucket } from '@/lib/api-types/storage'
import { limitBytes, limitParts, mimeTypesOf, SIZE_UNIT_NAMES, type SizeUnit } from '@/lib/storage/explorer'

const FORM_ID = 'storage-bucket-form'

/**
 * "New bucket" and "Edit bucket": a name (fixed once made), public or private, the largest file
 * and the file types it takes. The platform's refusal (a taken name, a limit above the plan's)
 * shows in the dialog, which stays open.
 */
export function BucketFormModal({ projectRef, bucket, open, onClose }: { projectRef: string; bucket?: StorageBucket; open: boolean; onClose: () => void }) {
  // Mounted afresh each time it opens, so the fields start from the bucket shown.
  if (!open) return null
  return <BucketForm projectRef={projectRef} bucket={bucket} onClose={onClose} />
}

function BucketForm({ projectRef, bucket, onClose }: { projectRef: string; bucket?: StorageBucket; onClose: () => void }) {
  const initialLimit = limitParts(bucket?.file_size_limit ?? null)
  const [name, setName] = useState(bucket?.name ?? '')
  const [isPublic, setPublic] = useState(bucket?.public ?? false)
  const [limited, setLimited] = useState(bucket?.file_size_limit != null)
  const [amount, setAmount] = useState(initialLimit.amount)
  const [unit, setUnit] = useState<SizeUnit>(initialLimit.unit)
  const [types, setTypes] = useState((bucket?.allowed_mime_types ?? []).join(', '))
  const [submitted, setSubmitted] = useState(false)
  const done = (message: string) => {
    toast.success(message)
    onClose()
  }
  const create = useStorageBucketCreateMutation({
    onSuccess: (made) => done(`Bucket “${made.name}” created`),
    onError: () => undefined,
  })
  const update = useStorageBucketUpdateMutation({
    onSuccess: (changed) => done(`Bucket “${changed.name}” saved`),
    onError: () => undefined,
  })
  const mutation = bucket ? update : create

  const nameError = bucket ? undefined : createStorageBucketBody.shape.name.safeParse(name).error?.issues[0]?.message
  const limit = limited ? limitBytes(amount, unit) : null
  const limitError = limited && limit === null ? 'Give the largest file size as a number above 0.' : undefined

  const submit = (e: FormEvent) => {
    e.preventDefault()
    setSubmitted(true)
    if (nameError || limitError) return
    const settings = {
      public: isPublic,
      file_size_limit: limit,
      allowed_mime_types: mimeTypesOf(types),
    }
    if (bucket) update.mutate({ projectRef, id: bucket.id, ...settings })
    else create.mutate({ projectRef, name, ...settings })
  }

  const title = bucket ? `Edit bucket “${bucket.name}”` : 'New bucket'
  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={bucket ? 'Who may read its files, and what it takes.' : 'A bucket holds files, in folders; its policies decide who may read and write them.'}
      preventBackdropClose={mutation.isPending}
      footer={<ModalActions actionLabel={bucket ? 'Save' : 'Create bucket'} onCancel={onClose} form={FORM_ID} busy={mutation.isPending} />}
    >
      <form id={FORM_ID} className="flex flex-col gap-4" onSubmit={submit} noValidate aria-label={title}>
        {!bucket && (
          <Input
            label="Name"
            value={name}
            autoComplete="off"
            placeholder="avatars"
            description="Part of every file's URL; it cannot be changed later."
            onChange={(e) => setName(e.target.value)}
            error={submitted ? nameError : undefined}
          />
        )}
        <Toggle
          label="Public bucket"
          description={
            isPublic
              ? 'Anyone with a file’s URL can read it; writes still follow the policies.'
              : 'Files are read by signed URLs, or as the policies on storage.objects allow.'
          }
          checked={isPublic}
          onCheckedChange={setPublic}
        />
        <Toggle
          label="Limit the size of a file"
          checked={limited}
          onCheckedChange={setLimited}
          description={limited ? undefined : 'Files up to the plan’s upload limit are taken.'}
        />
        {limited && (
          <div className="flex items-start gap-2">
            <Input
              label="Largest file"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={submitted ? limitError : undefined}
              containerClassName="flex-1"
            />
            <Select
              label="Unit"
              value={unit}
              onChange={(e) => setUnit(e.target.value as SizeUnit)}
              options={SIZE_UNIT_NAMES.map((u) => ({ value: u, label: u }))}
              containerClassName="w-24"
            />
          </div>
        )}
        <Input
          label="Allowed file types"
          value={types}
          placeholder="image/png, image/*"
          description="MIME types, separated by commas; empty for any type."
          onChange={(e) => setTypes(e.target.value)}
        />
        {mutation.isError && (
          <Alert variant="danger" title={bucket ? 'Could not save the bucket' : 'Could not create the bucket'}>
            {mutation.error.message}
          </Alert>
        )}
      </form>
    </Modal>
  )
}

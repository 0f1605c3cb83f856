/**
 * Storage → Buckets (/project/{ref}/storage/buckets): the project's buckets, made, changed,
 * emptied and deleted here; a bucket's name opens its files. Every member sees them
 * (storage:read); changes need storage:write, and a member without it sees them disabled with the
 * reason.
 */
import { useState } from 'react'
import Link from 'next/link'
import { FolderPlus, HardDrive, Pencil, Trash2, Eraser } from 'lucide-react'
import { toast } from 'sonner'
import { Badge, Button, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useStorageBucketsQuery } from '@/data/storage/buckets-query'
import { useStorageBucketDeleteMutation } from '@/data/storage/bucket-delete-mutation'
import { useStorageBucketEmptyMutation } from '@/data/storage/bucket-empty-mutation'
import type { StorageBucket } from '@/lib/api-types/storage'
import { formatBytes } from '@/lib/format-bytes'
import { BucketFormModal } from './BucketFormModal'

type Pending = { kind: 'edit' | 'empty' | 'delete'; bucket: StorageBucket } | { kind: 'create' } | null

export function BucketsPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('storage:write', project && { id: project.organization_id })
  const buckets = useStorageBucketsQuery({ projectRef })
  const [pending, setPending] = useState<Pending>(null)
  const close = () => setPending(null)
  const remove = useStorageBucketDeleteMutation({
    onSuccess: (_, { id }) => (toast.success(`Bucket “${id}” deleted`), close()),
  })
  const empty = useStorageBucketEmptyMutation({
    onSuccess: (_, { id }) => (toast.success(`Bucket “${id}” emptied`), close()),
  })
  const writeReason = canWrite ? undefined : `Only ${rolesAllowed('storage:write')} members can create, change or delete buckets.`
  const newBucket = (
    <Button type="primary" icon={<FolderPlus size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setPending({ kind: 'create' })}>
      New bucket
    </Button>
  )

  return (
    <FeaturePage title="Storage" description="Files of this project's applications, kept in buckets and served at its storage URL." actions={newBucket}>
      <div className="flex flex-col gap-4">
        {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}
        {buckets.isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading buckets">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : buckets.isError ? (
          <QueryErrorAlert title="Could not load the buckets" error={buckets.error} onRetry={() => void buckets.refetch()} retrying={buckets.isFetching} />
        ) : buckets.data.length === 0 ? (
          <EmptyState
            icon={<HardDrive size={28} />}
            title="No buckets yet"
            description="Make a bucket to store files: an app’s avatars, uploads or assets. Supabase’s User Management Starter expects one named “avatars”."
            action={canWrite && newBucket}
          />
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Buckets">
            {buckets.data.map((bucket) => (
              <li key={bucket.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-1">
                  <div className="flex min-w-0 items-center gap-2">
                    <Link
                      href={`/project/${projectRef}/storage/buckets/${encodeURIComponent(bucket.id)}`}
                      className="truncate font-medium text-foreground hover:underline"
                    >
                      {bucket.name}
                    </Link>
                    <Badge variant={bucket.public ? 'warning' : 'default'}>{bucket.public ? 'Public' : 'Private'}</Badge>
                  </div>
                  <p className="text-xs text-foreground-light">
                    {bucket.file_size_limit !== null ? `Files up to ${formatBytes(bucket.file_size_limit)}` : 'Files up to the plan’s limit'}
                    {' · '}
                    {bucket.allowed_mime_types?.length ? bucket.allowed_mime_types.join(', ') : 'any type'}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button
                    type="text"
                    size="small"
                    icon={<Pencil size={14} aria-hidden />}
                    disabled={!canWrite}
                    title={writeReason}
                    aria-label={`Edit ${bucket.name}`}
                    onClick={() => setPending({ kind: 'edit', bucket })}
                  >
                    Edit
                  </Button>
                  <Button
                    type="text"
                    size="small"
                    icon={<Eraser size={14} aria-hidden />}
                    disabled={!canWrite}
                    title={writeReason}
                    aria-label={`Empty ${bucket.name}`}
                    onClick={() => setPending({ kind: 'empty', bucket })}
                  >
                    Empty
                  </Button>
                  <Button
                    type="text"
                    size="small"
                    icon={<Trash2 size={14} aria-hidden />}
                    disabled={!canWrite}
                    title={writeReason}
                    aria-label={`Delete ${bucket.name}`}
                    onClick={() => setPending({ kind: 'delete', bucket })}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <BucketFormModal
        projectRef={projectRef}
        open={pending?.kind === 'create' || pending?.kind === 'edit'}
        bucket={pending?.kind === 'edit' ? pending.bucket : undefined}
        onClose={close}
      />
      <ConfirmModal
        open={pending?.kind === 'empty'}
        title={pending?.kind === 'empty' ? `Empty “${pending.bucket.name}”?` : ''}
        confirmLabel="Empty bucket"
        loading={empty.isPending}
        onConfirm={() => pending?.kind === 'empty' && empty.mutate({ projectRef, id: pending.bucket.id })}
        onClose={close}
      >
        Every file in the bucket is deleted, for good. The bucket and its settings stay.
      </ConfirmModal>
      <ConfirmModal
        open={pending?.kind === 'delete'}
        title={pending?.kind === 'delete' ? `Delete “${pending.bucket.name}”?` : ''}
        confirmLabel="Delete bucket"
        loading={remove.isPending}
        onConfirm={() => pending?.kind === 'delete' && remove.mutate({ projectRef, id: pending.bucket.id })}
        onClose={close}
      >
        Only an empty bucket can be deleted: empty it first if it still holds files. Applications that use its name will find it gone.
      </ConfirmModal>
    </FeaturePage>
  )
}

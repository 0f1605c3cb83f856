import { useState } from 'react'
import { KeyRound, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Button, Card, CardContent, CardHeader, EmptyState } from '@/components/ui'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useStorageS3AccessKeyDeleteMutation } from '@/data/storage/s3-access-key-delete-mutation'
import type { StorageS3AccessKey } from '@/lib/api-types/storage'
import { S3AccessKeyCreateModal } from './S3AccessKeyCreateModal'

const WIDE_ONLY = 'hidden sm:table-cell'
const formatCreated = (value: string) => new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * The project's S3 access keys: made here (the secret shown once, in the dialog) and revoked after
 * a confirmation. `writeReason` set: the member may not, and the buttons say why.
 */
export function S3AccessKeysCard({ projectRef, keys, writeReason }: { projectRef: string; keys: readonly StorageS3AccessKey[]; writeReason?: string }) {
  const [creating, setCreating] = useState(false)
  const [revoking, setRevoking] = useState<StorageS3AccessKey | null>(null)
  const revoke = useStorageS3AccessKeyDeleteMutation()
  const confirmRevoke = (key: StorageS3AccessKey) =>
    revoke.mutate(
      { projectRef, id: key.id },
      {
        onSuccess: () => (toast.success(`Access key “${key.description}” revoked`), setRevoking(null)),
        // Revoked already (the list refreshes): nothing left to confirm.
        onError: (error) => error.code === 404 && setRevoking(null),
      }
    )
  const canWrite = writeReason === undefined
  const newKey = (
    <Button type="primary" icon={<Plus size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setCreating(true)}>
      New access key
    </Button>
  )

  return (
    <Card>
      <CardHeader
        title="Access keys"
        description="Each key signs S3 requests with the service role's rights: every bucket and file, whatever the policies say. Keep keys on servers only."
        actions={newKey}
      />
      <CardContent className="flex flex-col gap-4">
        {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}
        {keys.length === 0 ? (
          <EmptyState
            icon={<KeyRound size={28} />}
            title="No access keys yet"
            description="An access key lets a server, a backup job or a tool such as rclone read and write this project's files over the S3 protocol."
            action={canWrite && newKey}
          />
        ) : (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Access keys, oldest first</caption>
              <thead className="bg-surface-raised text-xs text-foreground-light">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Access key id
                  </th>
                  <th scope="col" className={`px-3 py-2 font-medium whitespace-nowrap ${WIDE_ONLY}`}>
                    Created
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {keys.map((key) => (
                  <tr key={key.id}>
                    <td className="max-w-[14rem] truncate px-3 py-2 text-foreground">{key.description}</td>
                    <td className="px-3 py-2 font-mono text-xs break-all text-foreground-light">{key.access_key_id}</td>
                    <td className={`px-3 py-2 whitespace-nowrap text-foreground-light ${WIDE_ONLY}`}>{formatCreated(key.created_at)}</td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        type="text"
                        size="small"
                        icon={<Trash2 size={14} aria-hidden />}
                        disabled={!canWrite}
                        title={writeReason}
                        aria-label={`Revoke ${key.description}`}
                        onClick={() => setRevoking(key)}
                      >
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
      <S3AccessKeyCreateModal projectRef={projectRef} open={creating} onClose={() => setCreating(false)} />
      <ConfirmModal
        open={revoking !== null}
        title={revoking ? `Revoke “${revoking.description}”?` : ''}
        confirmLabel="Revoke access key"
        loading={revoke.isPending}
        onConfirm={() => revoking && confirmRevoke(revoking)}
        onClose={() => setRevoking(null)}
      >
        Applications using this key stop working at once: every request they sign with it is refused. This cannot be undone.
      </ConfirmModal>
    </Card>
  )
}

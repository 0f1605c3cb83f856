/**
 * Project → Database → Backups (/project/{ref}/database/backups): the project's backups with their
 * time, size and status, "Back up now", and restore with a confirmation. While a restore runs the
 * project layout shows its progress (it polls the project's status) and this page comes back
 * when the project is active again; a failed restore shows the reason there.
 */
import { useState } from 'react'
import { ArchiveRestore, Copy, DatabaseBackup } from 'lucide-react'
import { toast } from 'sonner'
import type { Backup } from '@/lib/api-types'
import { Alert, Badge, Button, Card, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useBackupsQuery } from '@/data/backups/backups-query'
import { useBackupCreateMutation } from '@/data/backups/backup-create-mutation'
import { useBackupRestoreMutation } from '@/data/backups/backup-restore-mutation'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { formatBytes } from '@/lib/format-bytes'
import { KIND_LABEL, retentionText, STATUS_LABEL } from './backups.utils'
import { CloneBackupModal } from './CloneBackupModal'

const STATUS_VARIANT = { pending: 'warning', completed: 'brand', failed: 'destructive' } as const

export function BackupsPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  const canCreate = useCan('backups:create', organization)
  const canRestore = useCan('backups:restore', organization)
  const canClone = useCan('projects:create', organization)
  const backups = useBackupsQuery({ projectRef })
  const [restoring, setRestoring] = useState<Backup | null>(null)
  const [cloning, setCloning] = useState<Backup | null>(null)
  const create = useBackupCreateMutation({
    onSuccess: (backup) => {
      if (backup.status === 'completed') toast.success('Backup made')
      else toast.error(`The backup failed: ${backup.error ?? 'unknown reason'}`)
    },
  })
  const restore = useBackupRestoreMutation({
    onSuccess: () => setRestoring(null),
  })

  const backUpNow = (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button
        type="primary"
        icon={<DatabaseBackup size={14} aria-hidden />}
        disabled={!canCreate}
        loading={create.isPending}
        onClick={() => create.mutate({ projectRef })}
      >
        Back up now
      </Button>
      {!canCreate && <span className="text-xs text-foreground-light">Only {rolesAllowed('backups:create')} members can back up.</span>}
    </div>
  )

  return (
    <FeaturePage title="Backups" description="Copies of this project's database, to bring its data back to an earlier moment." actions={backUpNow}>
      {backups.isPending ? (
        <div className="flex flex-col gap-3" aria-label="Loading the backups">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : backups.isError ? (
        <QueryErrorAlert title="Could not load the backups" error={backups.error} onRetry={() => void backups.refetch()} retrying={backups.isFetching} />
      ) : (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-foreground-light">{retentionText(backups.data)}</p>
          {backups.data.backups.length === 0 ? (
            <EmptyState icon={<DatabaseBackup size={24} />} title="No backups yet" description="Back up now to keep a copy of the database as it is." />
          ) : (
            <Card>
              <CardHeader title="Backups" description="Newest first. A restore replaces the whole database with the backup's; changes made since are lost." />
              <div>
                <ul className="divide-y divide-border" aria-label="Backups">
                  {backups.data.backups.map((backup) => (
                    <li key={backup.id} className="flex flex-col gap-2 px-5 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="backup-row">
                      <div className="flex min-w-0 flex-col gap-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="text-sm font-medium text-foreground">{new Date(backup.inserted_at).toLocaleString()}</span>
                          <Badge variant={STATUS_VARIANT[backup.status]}>{STATUS_LABEL[backup.status]}</Badge>
                          <Badge variant="outline">{KIND_LABEL[backup.kind]}</Badge>
                        </div>
                        <span className="text-xs text-foreground-light">
                          {backup.size_bytes !== null ? formatBytes(backup.size_bytes) : '—'}
                          {backup.error && <span className="text-destructive"> · {backup.error}</span>}
                        </span>
                      </div>
                      {backup.status === 'completed' && (
                        <div className="flex shrink-0 gap-2">
                          <Button
                            size="tiny"
                            type="outline"
                            icon={<Copy size={14} aria-hidden />}
                            disabled={!canClone}
                            title={canClone ? undefined : `Only ${rolesAllowed('projects:create')} members can create projects`}
                            onClick={() => setCloning(backup)}
                          >
                            Clone
                          </Button>
                          <Button
                            size="tiny"
                            icon={<ArchiveRestore size={14} aria-hidden />}
                            disabled={!canRestore}
                            title={canRestore ? undefined : `Only ${rolesAllowed('backups:restore')} members can restore`}
                            onClick={() => setRestoring(backup)}
                          >
                            Restore
                          </Button>
                        </div>
                      )}
                    </li>
                  ))}
                </ul>
              </div>
            </Card>
          )}
          {!backups.data.downloadable && backups.data.download_note && (
            <Alert variant="info" title="Downloads">
              <p>{backups.data.download_note}</p>
            </Alert>
          )}
        </div>
      )}
      {canClone && <CloneBackupModal projectRef={projectRef} backup={cloning} onClose={() => setCloning(null)} />}
      {canRestore && (
        <ConfirmModal
          open={restoring !== null}
          title="Restore this backup?"
          confirmLabel="Restore"
          loading={restore.isPending}
          onConfirm={() => restoring && restore.mutate({ projectRef, id: restoring.id })}
          onClose={() => setRestoring(null)}
        >
          <p>
            The project&apos;s database is replaced by the backup of {restoring && new Date(restoring.inserted_at).toLocaleString()}. Everything changed since
            is lost. The project is unavailable while it is restored.
          </p>
        </ConfirmModal>
      )}
    </FeaturePage>
  )
}

/**
 * Project settings → Storage (/project/{ref}/settings/storage): the project's upload file size
 * limit, how S3 clients reach the project's storage (endpoint, region, session-token signing) and
 * its S3 access keys. Every member reads it (storage:read); changing the limit needs storage:write,
 * making and revoking keys storage:s3-keys:write, and a member without them sees those controls
 * disabled with the reason.
 */
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useStorageS3ConnectionQuery } from '@/data/storage/s3-connection-query'
import { S3AccessKeysCard } from './S3AccessKeysCard'
import { S3ConnectionCard } from './S3ConnectionCard'
import { UploadLimitCard } from './UploadLimitCard'

export function S3ConnectionPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  const canWrite = useCan('storage:s3-keys:write', organization)
  const canChangeLimit = useCan('storage:write', organization)
  const connection = useStorageS3ConnectionQuery({ projectRef })
  const writeReason = canWrite ? undefined : `Only ${rolesAllowed('storage:s3-keys:write')} members can create or revoke access keys.`
  const limitReason = canChangeLimit ? undefined : `Only ${rolesAllowed('storage:write')} members can change the upload limit.`

  return (
    <FeaturePage
      title="Storage settings"
      description="The largest file an upload may be, and how any S3 client reaches this project's buckets: its endpoint, and the access keys that sign requests."
    >
      <div className="flex flex-col gap-6">
        <UploadLimitCard projectRef={projectRef} writeReason={limitReason} />
        {connection.isPending ? (
          <div className="flex flex-col gap-4" aria-label="Loading the S3 connection">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-48 w-full" />
          </div>
        ) : connection.isError ? (
          <QueryErrorAlert
            title="Could not load the S3 connection"
            error={connection.error}
            onRetry={() => void connection.refetch()}
            retrying={connection.isFetching}
          />
        ) : (
          <>
            <S3ConnectionCard projectRef={projectRef} connection={connection.data} />
            <S3AccessKeysCard projectRef={projectRef} keys={connection.data.keys} writeReason={writeReason} />
          </>
        )}
      </div>
    </FeaturePage>
  )
}

/**
 * Project settings → API (/project/{ref}/settings/api): the project's URL, its API keys, its JWT
 * secret and the data API's settings. Every member reads it; what each role may do beyond reading
 * comes from the roles policy, and a control a role may not use says why.
 */
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { useApiSettingsQuery } from '@/data/api-settings/api-settings-query'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { ApiKeysCard } from './ApiKeysCard'
import { DataApiSettingsCard } from './DataApiSettingsCard'
import { JwtSecretCard } from './JwtSecretCard'
import { ProjectUrlCard } from './ProjectUrlCard'

export function ApiSettingsPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const organization = project && { id: project.organization_id }
  const canReveal = useCan('api:service-key:read', organization)
  const canRotate = useCan('api:jwt-secret:rotate', organization)
  const canUpdate = useCan('api:settings:update', organization)
  const settings = useApiSettingsQuery({ projectRef })

  return (
    <FeaturePage title="API settings" description="How applications reach this project: its URL, its API keys and the data API.">
      {settings.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the API settings">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : settings.isError ? (
        <QueryErrorAlert title="Could not load the API settings" error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <div className="flex flex-col gap-6">
          <ProjectUrlCard settings={settings.data} />
          <ApiKeysCard projectRef={projectRef} settings={settings.data} canReveal={canReveal} />
          <JwtSecretCard projectRef={projectRef} settings={settings.data} canRotate={canRotate} />
          <DataApiSettingsCard
            key={JSON.stringify(settings.data.data_api)}
            projectRef={projectRef}
            saved={settings.data.data_api}
            canUpdate={canUpdate}
          />
        </div>
      )}
    </FeaturePage>
  )
}

/**
 * Authentication → Providers (/project/{ref}/auth/providers): how the project's users sign up and
 * sign in (email, phone, open sign-ups), where mails' links may lead, and how long access tokens
 * last. Every member reads it; auth:config:update changes it.
 */
import { Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectAuthConfigQuery } from '@/data/project-auth/project-auth-config-query'
import { ProvidersForm } from './ProvidersForm'

export function ProvidersPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canUpdate = useCan('auth:config:update', project && { id: project.organization_id })
  const config = useProjectAuthConfigQuery({ projectRef })

  return (
    <FeaturePage title="Providers" description="How this project's users sign up and sign in, and where the links in their mails lead.">
      {config.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the auth settings">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : config.isError ? (
        <QueryErrorAlert title="Could not load the auth settings" error={config.error} onRetry={() => void config.refetch()} retrying={config.isFetching} />
      ) : (
        // Keyed by what is saved, so a save starts the form afresh from the platform's answer.
        <ProvidersForm key={JSON.stringify(config.data)} projectRef={projectRef} saved={config.data} canUpdate={canUpdate} />
      )}
    </FeaturePage>
  )
}

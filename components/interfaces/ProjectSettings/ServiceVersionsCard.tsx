import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useServiceVersionsQuery } from '@/data/projects/service-versions-query'

/** What the project runs: its Postgres, its data API (PostgREST), the auth service, the platform. */
export function ServiceVersionsCard({ projectRef }: { projectRef: string }) {
  const versions = useServiceVersionsQuery({ ref: projectRef })
  return (
    <Card>
      <CardHeader title="Service versions" description="The software this project runs." />
      <CardContent>
        {versions.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : versions.isError ? (
          <QueryErrorAlert title="Could not load the service versions" error={versions.error} onRetry={() => void versions.refetch()} retrying={versions.isFetching} />
        ) : (
          <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2" aria-label="Service versions">
            {[versions.data.postgres, versions.data.postgrest, versions.data.auth, versions.data.platform].map((service) => (
              <div key={service.name} className="flex min-w-0 flex-col">
                <dt className="text-xs text-foreground-light">{service.name}</dt>
                <dd className="truncate font-mono text-sm text-foreground">{service.version ?? 'Not known right now'}</dd>
              </div>
            ))}
          </dl>
        )}
      </CardContent>
    </Card>
  )
}

import dayjs from 'dayjs'
import clsx from 'clsx'
import { Database } from 'lucide-react'
import { Alert, Button, Card, CardContent, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { useOrganizationUsageQuery } from '@/data/billing/usage-query'
import type { Organization } from '@/lib/api-types'
import { formatBytes } from '@/lib/format-bytes'
import { restrictionBannerText } from '@/lib/restriction-banner'

/**
 * The organization's plan and each project's database size against the plan's quota, as the
 * platform last measured it; what a restriction means and how it ends.
 */
export function DatabaseUsageCard({ org }: { org: Organization }) {
  const usage = useOrganizationUsageQuery({ slug: org.slug })
  const quota = usage.data?.database_size_quota_bytes ?? null
  const restriction = usage.data ? restrictionBannerText(usage.data) : null
  return (
    <Card>
      <CardHeader
        title={`${usage.data?.plan.name ?? org.plan.name} plan`}
        description={
          quota === null
            ? 'Database space beyond the plan’s quota is billed; projects are never restricted for it.'
            : `Each project may use ${formatBytes(quota)} of database space. Past that, the organization gets a grace period, then its projects stop serving requests until it is back under the quota or on a paid plan.`
        }
      />
      <CardContent className="flex flex-col gap-4">
        {restriction && usage.data && (
          // The banner above says the status; this says what is over and what to do about it.
          <Alert variant={usage.data.restriction_status === 'restricted' ? 'danger' : 'warning'} title={usage.data.quota_note ?? restriction}>
            Pause or delete the projects over the quota, free space in them, or move to a paid plan.
          </Alert>
        )}
        {usage.isLoading ? (
          <Skeleton className="h-24" />
        ) : usage.error ? (
          <Alert
            variant="danger"
            title="Could not load the usage"
            actions={
              <Button size="tiny" onClick={() => void usage.refetch()}>
                Try again
              </Button>
            }
          >
            {usage.error.message}
          </Alert>
        ) : !usage.data?.projects.length ? (
          <EmptyState icon={<Database size={20} />} title="No projects yet" description="Database sizes appear here once a project is running." />
        ) : (
          <ul aria-label="Database size per project" className="flex flex-col gap-4">
            {usage.data.projects.map((project) => {
              const share = quota && project.db_size_bytes !== null ? Math.min(1, project.db_size_bytes / quota) : 0
              const over = quota !== null && project.db_size_bytes !== null && project.db_size_bytes > quota
              return (
                <li key={project.ref} className="flex flex-col gap-1.5">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                    <span className="min-w-0 truncate font-medium">{project.name}</span>
                    <span className={clsx('tabular-nums', over ? 'text-destructive' : 'text-foreground-light')}>
                      {project.db_size_bytes === null ? 'Not measured yet' : formatBytes(project.db_size_bytes)}
                      {quota !== null && ` of ${formatBytes(quota)}`}
                    </span>
                  </div>
                  {quota !== null && (
                    <div
                      role="meter"
                      aria-label={`${project.name} database size`}
                      aria-valuemin={0}
                      aria-valuemax={quota}
                      aria-valuenow={project.db_size_bytes ?? 0}
                      className="h-1.5 overflow-hidden rounded-full bg-surface-raised"
                    >
                      <div className={clsx('h-full rounded-full', over ? 'bg-destructive' : 'bg-brand')} style={{ width: `${Math.max(share * 100, 1)}%` }} />
                    </div>
                  )}
                  <p className="text-xs text-foreground-lighter">
                    {project.status === 'INACTIVE' ? 'Paused: not counted. ' : ''}
                    {project.measured_at ? `Measured ${dayjs(project.measured_at).format('DD MMM, YYYY HH:mm')}` : ''}
                  </p>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

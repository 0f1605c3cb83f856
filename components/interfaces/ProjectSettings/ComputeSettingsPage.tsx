/**
 * Project settings → Compute and Disk (/project/{ref}/settings/compute-and-disk): the compute size
 * the project runs on with its limits, another size to choose (Owners and Admins, projects:resize)
 * and the disk its plan includes. While a resize runs the project layout shows the RESIZING
 * status screen; this page comes back with the new size when it is done.
 */
import { Card, CardContent, CardHeader, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectComputeQuery } from '@/data/compute/project-compute-query'
import { planNumbers } from '@/lib/billing/plan-table'
import { COMPUTE_SIZES } from '@/lib/compute-sizes'
import { formatBytes } from '@/lib/format-bytes'
import { ComputeSizePicker } from './ComputeSizePicker'

export function ComputeSettingsPage({ projectRef }: { projectRef: string }) {
  const project = useProjectDetailQuery({ ref: projectRef })
  const compute = useProjectComputeQuery({ projectRef })
  const canResize = useCan('projects:resize', project.data && { id: project.data.organization_id })
  const failed = project.error ?? compute.error

  return (
    <FeaturePage title="Compute and Disk" description="The compute size the project's database runs on, and the disk its plan includes.">
      {project.isPending || compute.isPending ? (
        <div className="flex flex-col gap-4" aria-label="Loading the compute size">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : failed ? (
        <QueryErrorAlert
          title="Could not load the compute size"
          error={failed}
          onRetry={() => void Promise.all([project.refetch(), compute.refetch()])}
          retrying={project.isFetching || compute.isFetching}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <CurrentSizeCard compute={compute.data!} />
          <Card>
            <CardHeader title="Change compute size" description="A new size applies its connection limit and memory settings to the database; open connections restart once." />
            <CardContent>
              <ComputeSizePicker
                key={`${compute.data!.size}-${compute.data!.status}`}
                compute={compute.data!}
                plan={project.data!.plan}
                creditsMonthly={planNumbers(project.data!.plan).computeCreditsMonthly}
                organizationSlug={project.data!.organization_slug}
                canResize={canResize}
              />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Disk" description="The database size the plan includes for each project." />
            <CardContent>
              <p className="text-sm text-foreground" data-testid="disk-included">
                {diskText(planNumbers(project.data!.plan).quotas.DATABASE_SIZE.included)}
              </p>
            </CardContent>
          </Card>
        </div>
      )}
    </FeaturePage>
  )
}

const diskText = (included: number | null) => (included === null ? 'No limit' : `${formatBytes(included)} included`)

function CurrentSizeCard({ compute }: { compute: NonNullable<ReturnType<typeof useProjectComputeQuery>['data']> }) {
  const size = COMPUTE_SIZES[compute.size]
  const facts: [string, string][] = [
    ['Memory', formatBytes(size.memoryBytes)],
    ['CPU', size.cpu === 'shared' ? 'Shared' : `${size.cpu} cores`],
    ['Direct connections', String(size.directConnections)],
    ['work_mem', size.settings.work_mem],
    ['maintenance_work_mem', size.settings.maintenance_work_mem],
    ['effective_cache_size', size.settings.effective_cache_size],
  ]
  return (
    <Card data-testid="current-compute">
      <CardHeader
        title={`${size.name} compute`}
        description={
          compute.applied
            ? 'The limits below are set on the project’s database.'
            : 'The plan’s default size: its limits are set on a new project’s database. A project made before that keeps the server’s defaults until a size is applied.'
        }
      />
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-3" aria-label="Current compute size">
          {facts.map(([label, value]) => (
            <div key={label} className="flex min-w-0 flex-col">
              <dt className="text-xs text-foreground-light">{label}</dt>
              <dd className="truncate text-sm text-foreground">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

import clsx from 'clsx'
import dayjs from 'dayjs'
import { Database } from 'lucide-react'
import { EmptyState } from '@/components/ui'
import type { UsageAnswer } from '@/lib/api-types'
import { formatBytes } from '@/lib/format-bytes'
import { UsageMeter } from './UsageMeter'

/**
 * Each project's database size as the platform last measured it, against the size the plan
 * includes per project (when a capped plan restricts over it; billed plans have no bar).
 */
export function DatabaseSizeList({ usage }: { usage: Pick<UsageAnswer, 'projects' | 'database_size_quota_bytes'> }) {
  const quota = usage.database_size_quota_bytes
  if (!usage.projects.length)
    return <EmptyState icon={<Database size={20} />} title="No projects yet" description="Database sizes appear here once a project is running." />
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-foreground-light">
        {quota === null
          ? 'Database space beyond what the plan includes is billed; projects are never restricted for it.'
          : `Each project may use ${formatBytes(quota)} of database space. Past that, the organization gets a grace period, then its projects stop serving requests until it is back under the quota or on a plan that includes more.`}
      </p>
      <ul aria-label="Database size per project" className="flex flex-col gap-4">
        {usage.projects.map((project) => {
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
                <UsageMeter
                  label={`${project.name} database size`}
                  value={project.db_size_bytes ?? 0}
                  max={quota}
                  valueText={`${project.db_size_bytes === null ? 'Not measured yet' : formatBytes(project.db_size_bytes)} of ${formatBytes(quota)}`}
                />
              )}
              <p className="text-xs text-foreground-lighter">
                {project.status === 'INACTIVE' ? 'Paused: not counted. ' : ''}
                {project.measured_at ? `Measured ${dayjs(project.measured_at).format('DD MMM, YYYY HH:mm')}` : ''}
              </p>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

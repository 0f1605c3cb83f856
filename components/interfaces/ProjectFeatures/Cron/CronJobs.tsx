import { useState } from 'react'
import { CalendarClock } from 'lucide-react'
import { Badge, Button, EmptyState } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useCronJobsQuery } from '@/data/project-features/feature-lists-query'
import { setJobActiveSql, unscheduleJobSql, type CronJob } from '@/lib/sql/project-features/cron'
import { LoadingBlock } from '../shared/StateBlocks'
import type { useSqlChange } from '../shared/use-sql-change'
import { NewCronJobForm } from './NewCronJobForm'

export function CronJobs({ projectRef, canWrite, change }: { projectRef: string; canWrite: boolean; change: ReturnType<typeof useSqlChange> }) {
  const jobs = useCronJobsQuery({ projectRef })
  const [creating, setCreating] = useState(false)

  if (jobs.isLoading) return <LoadingBlock label="Loading cron jobs" />
  if (jobs.error) return <QueryErrorAlert title="Could not read the cron jobs" error={jobs.error} retrying={jobs.isFetching} onRetry={() => void jobs.refetch()} />
  const all = jobs.data ?? []

  const toggle = (job: CronJob) => {
    const sql = setJobActiveSql(job.id, !job.active)
    change.propose({
      title: `${job.active ? 'Pause' : 'Resume'} ${job.name ?? `job ${job.id}`}`,
      shownSql: sql,
      sql,
      confirmLabel: job.active ? 'Pause' : 'Resume',
    })
  }
  const remove = (job: CronJob) => {
    const sql = unscheduleJobSql(job.id)
    change.propose({
      title: `Delete ${job.name ?? `job ${job.id}`}`,
      description: 'The job stops and is removed with its history.',
      shownSql: sql,
      sql,
      confirmLabel: 'Delete',
      danger: true,
    })
  }

  return (
    <div className="flex flex-col gap-4">
      {canWrite && (
        <div>
          {creating ? (
            <NewCronJobForm change={change} onClose={() => setCreating(false)} />
          ) : (
            <Button type="primary" size="tiny" onClick={() => setCreating(true)}>
              New job
            </Button>
          )}
        </div>
      )}
      {all.length === 0 ? (
        <EmptyState
          icon={<CalendarClock size={24} />}
          title="No cron jobs yet"
          description="A job runs one SQL command on a schedule, e.g. every night at 3:00 (0 3 * * *)."
        />
      ) : (
        <ul aria-label="Cron jobs" className="divide-y divide-border rounded-lg border border-border">
          {all.map((job) => (
            <li key={job.id} className="flex min-w-0 flex-col gap-2 px-4 py-3">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-sm text-foreground">{job.name ?? `job ${job.id}`}</span>
                <Badge variant={job.active ? 'brand' : 'outline'}>{job.active ? 'Active' : 'Paused'}</Badge>
                <code className="rounded bg-surface-raised px-1 font-mono text-xs text-foreground-light">{job.schedule}</code>
                {canWrite && (
                  <span className="flex gap-1 sm:ml-auto">
                    <Button size="tiny" type="default" onClick={() => toggle(job)}>
                      {job.active ? 'Pause' : 'Resume'}
                    </Button>
                    <Button size="tiny" type="danger" onClick={() => remove(job)}>
                      Delete
                    </Button>
                  </span>
                )}
              </div>
              <pre className="overflow-x-auto whitespace-pre-wrap break-words font-mono text-xs text-foreground-light">{job.command}</pre>
              <LastRuns job={job} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function LastRuns({ job }: { job: CronJob }) {
  if (job.runs.length === 0) return <p className="text-xs text-foreground-lighter">Not run yet</p>
  return (
    <ul aria-label={`Latest runs of ${job.name ?? `job ${job.id}`}`} className="flex flex-col gap-0.5 text-xs text-foreground-lighter">
      {job.runs.map((run, i) => (
        <li key={i} className="break-words">
          <span className={run.status === 'failed' ? 'text-destructive' : 'text-foreground-light'}>{run.status ?? 'unknown'}</span> · {run.start_time ?? '–'}
          {run.message ? ` · ${run.message}` : ''}
        </li>
      ))}
    </ul>
  )
}

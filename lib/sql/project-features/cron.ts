/**
 * The cron page: pg_cron's jobs with their latest runs, and the statements that schedule, pause,
 * resume and remove a job (pg_cron's own functions, so that its checks apply).
 */
import { z } from 'zod'
import { jsonColumn, sqlLiteral } from './sql-text'

/** Runs kept per job in the listing. */
export const RUNS_PER_JOB = 5

/** The jobs the caller may see (pg_cron shows a role its own jobs), each with its latest runs. */
export const CRON_JOBS_SQL = `select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
  'id', j.jobid,
  'name', j.jobname,
  'schedule', j.schedule,
  'command', j.command,
  'database', j.database,
  'username', j.username,
  'active', j.active,
  'runs', (
    select coalesce(pg_catalog.json_agg(pg_catalog.json_build_object(
      'status', r.status, 'start_time', r.start_time, 'end_time', r.end_time, 'message', r.return_message
    ) order by r.start_time desc nulls last), '[]'::json)
    from (select * from cron.job_run_details d where d.jobid = j.jobid order by d.start_time desc nulls last limit ${RUNS_PER_JOB}) r
  )
) order by j.jobid), '[]'::json) as jobs
from cron.job j`

const runSchema = z.object({ status: z.string().nullable(), start_time: z.string().nullable(), end_time: z.string().nullable(), message: z.string().nullable() })
const jobSchema = z.object({
  id: z.number(),
  name: z.string().nullable(),
  schedule: z.string(),
  command: z.string(),
  database: z.string().nullable(),
  username: z.string().nullable(),
  active: z.boolean(),
  runs: z.array(runSchema),
})
export type CronJob = z.infer<typeof jobSchema>
export type CronRun = z.infer<typeof runSchema>

export function cronJobsFromRows(rows: unknown): CronJob[] {
  const parsed = z.array(jobSchema).safeParse(jsonColumn(rows, 'jobs'))
  if (!parsed.success) throw new Error('The cron jobs answered something unexpected')
  return parsed.data
}

export type NewCronJob = { name: string; schedule: string; command: string }

/**
 * What is wrong with a new job, in words, or null. pg_cron checks the schedule itself (its message
 * is shown when it refuses one); this only catches the empty and the impossible.
 */
export function newCronJobProblem({ name, schedule, command }: NewCronJob): string | null {
  if (name.trim() === '') return 'Give the job a name'
  if (name.length > 63) return 'The name must be at most 63 characters'
  if (schedule.trim() === '') return 'Give a schedule, e.g. */5 * * * * or 30 seconds'
  if (command.trim() === '') return 'Give the SQL the job runs'
  if ([name, schedule, command].some((v) => v.includes('\u0000'))) return 'The job must not contain a NUL character'
  return null
}

/** Creates the job (or replaces the one of that name: pg_cron's rule for a named schedule). */
export const scheduleJobSql = ({ name, schedule, command }: NewCronJob) =>
  `select cron.schedule(${sqlLiteral(name.trim())}, ${sqlLiteral(schedule.trim())}, ${sqlLiteral(command)});`

const jobId = (id: number) => {
  if (!Number.isSafeInteger(id) || id < 0) throw new Error('Not a job id')
  return String(id)
}
export const setJobActiveSql = (id: number, active: boolean) => `select cron.alter_job(job_id := ${jobId(id)}, active := ${active});`
export const unscheduleJobSql = (id: number) => `select cron.unschedule(${jobId(id)}::bigint);`

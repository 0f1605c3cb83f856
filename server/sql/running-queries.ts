/**
 * Named runs on PostgreSQL-server projects, recorded in the control plane while they run, so that
 * a cancel reaching another app instance finds the backend (see migration 0012).
 * Recording never fails a run: a control plane that does not answer only makes the run
 * uncancellable from other instances.
 */
import type { Platform } from '../kernel/platform'
import { trackPending } from '../pending-work'

/** Rows older than this belong to runs that must have ended (statement timeout, plus slack). */
const SLACK_SECONDS = 60
const maxAgeSeconds = (platform: Platform) => Math.ceil(platform.config.sqlTimeoutMs / 1000) + SLACK_SECONDS

export type RunningQuery = { projectId: number; queryId: string; userId: string; readOnly: boolean }

/**
 * Records a run that started on this instance; the returned function removes it once the record
 * has settled (a slow insert never outlives the delete). Called again, it answers the same
 * removal. The run's answer does not wait for it, its connection does (RunOptions.beforeReuse):
 * a cancel from another instance finds the backend by this record, and must never reach the next
 * run on that connection (one that renamed its own session would not be told apart).
 */
export function recordRunning(platform: Platform, run: RunningQuery, { pid, backendStart }: { pid: number; backendStart: string | null }): () => Promise<void> {
  const recorded = platform.db
    .query(
      // One statement: rows left behind by an instance that died go with the next run's insert.
      `with stale as (delete from running_queries where started_at < now() - make_interval(secs => $6))
       insert into running_queries (project_id, query_id, instance_id, pid, read_only, user_id, backend_start) values ($1, $2, $3, $4, $5, $7, $8)
       on conflict (project_id, query_id) do nothing`,
      [run.projectId, run.queryId, platform.instanceId, pid, run.readOnly, maxAgeSeconds(platform), run.userId, backendStart]
    )
    .then(
      () => true,
      (error: unknown) => {
        console.warn(`[sql] could not record running query ${run.queryId}: ${(error as Error).message}`)
        return false
      }
    )
  const forget = async () => {
    if (!(await recorded)) return
    await platform.db
      .query('delete from running_queries where project_id = $1 and query_id = $2 and instance_id = $3 and pid = $4', [
        run.projectId,
        run.queryId,
        platform.instanceId,
        pid,
      ])
      .catch((error: unknown) => console.warn(`[sql] could not forget running query ${run.queryId}: ${(error as Error).message}`))
  }
  let forgotten: Promise<void> | null = null
  return () => (forgotten ??= trackPending(platform, forget()))
}

/** A named run recorded by another app instance, recent enough to be running still. */
export async function findRunningElsewhere(
  platform: Platform,
  projectId: number,
  queryId: string
): Promise<{ pid: number; backendStart: string | null; readOnly: boolean; userId: string } | null> {
  // backend_start as text: a Date would lose its microseconds, and the backend is matched on it exactly.
  const [row] = await platform.db.query<{ pid: number; backend_start: string | null; read_only: boolean; user_id: string }>(
    `select pid, backend_start::text as backend_start, read_only, user_id from running_queries
     where project_id = $1 and query_id = $2 and instance_id <> $3 and started_at > now() - make_interval(secs => $4)`,
    [projectId, queryId, platform.instanceId, maxAgeSeconds(platform)]
  )
  return row ? { pid: row.pid, backendStart: row.backend_start, readOnly: row.read_only, userId: row.user_id } : null
}

/** Notes on the run's record that a cancel is on its way to it (before the signal is sent). */
export async function markCancelRequested(platform: Platform, projectId: number, queryId: string, pid: number): Promise<void> {
  await platform.db
    .query('update running_queries set cancel_requested_at = now() where project_id = $1 and query_id = $2 and pid = $3', [projectId, queryId, pid])
    .catch((error: unknown) => console.warn(`[sql] could not note the cancel of ${queryId}: ${(error as Error).message}`))
}

/**
 * Whether another instance's cancel reached this instance's run `queryId`. A control plane that
 * does not answer leaves the run's name as the only clue: a cancel.
 */
export async function cancelRequestedElsewhere(platform: Platform, projectId: number, queryId: string): Promise<boolean> {
  try {
    const [row] = await platform.db.query<{ requested: boolean }>(
      'select cancel_requested_at is not null as requested from running_queries where project_id = $1 and query_id = $2 and instance_id = $3',
      [projectId, queryId, platform.instanceId]
    )
    return row?.requested ?? false
  } catch {
    return true
  }
}

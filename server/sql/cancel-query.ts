/**
 * POST /platform/projects/{ref}/query/{query_id}/cancel: stops a run named with `query_id`.
 * Only the member who started it, or a member who may `sql:cancel-any` (Owner, Admin), may; for anyone else
 * the run does not exist (`cancelled: false`, as for a run that ended or never was), so a name is
 * never confirmed to another member. Idempotent: a second cancel, or one after the run ended,
 * answers `cancelled: false` (or `true` again while the first cancel is still landing).
 *
 * The run is looked for in this process first (server/databases: one waiting for a connection
 * never starts; a running backend gets pg_cancel_backend, and its session is ended
 * SQL_TERMINATE_GRACE_MS later when it swallowed the cancel: server/databases/stop-backend.ts). A
 * server project's run on another app instance is found in the control plane and stopped the same
 * way by its backend's pid and backend_start, after noting the cancel on the run's record.
 */
import { roleCan, type Routes } from '@/lib/api-types'
import type { Handler } from '../kernel/handler-types'
import { findRunningElsewhere, markCancelRequested } from './running-queries'

export const cancelQuery: Handler<Routes['cancelQuery']> = async ({ platform, user, access: project, params }) => {
  const location = project.db_location
  if (!location) return { cancelled: false }
  const queryId = params.query_id
  const mayCancelAny = roleCan(project.role, 'sql:cancel-any', { isPlatform: platform.config.isPlatform })
  const allowed = (startedBy: string | undefined) => mayCancelAny || startedBy === user.id
  const here = await platform.databases.cancel(location, queryId, allowed)
  if (here !== 'unknown' || location.kind !== 'server') return { cancelled: here === 'cancelled' }
  // Not run by this instance: perhaps by another one (server projects only, see running-queries.ts).
  const elsewhere = await findRunningElsewhere(platform, project.id, queryId)
  if (!elsewhere || !allowed(elsewhere.userId)) return { cancelled: false }
  // Read by the run if its session ends: a cancel, not a restart of the database (run-sql.ts).
  await markCancelRequested(platform, project.id, queryId, elsewhere.pid)
  const cancelled = await platform.databases.cancelBackend(location, { pid: elsewhere.pid, backendStart: elsewhere.backendStart, queryId, readOnly: elsewhere.readOnly })
  return { cancelled }
}

import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { cancelQueryAnswer, cancelQueryParams, MAX_SQL_LENGTH, runQueryAnswer, runQueryBody, runQueryQuery } from './sql'

export const sqlRoutes = {
  runQuery: route({
    method: 'POST',
    path: '/platform/pg-meta/:ref/query',
    params: projectParams,
    query: runQueryQuery,
    body: runQueryBody,
    answer: runQueryAnswer,
    action: 'sql:run',
    scope: byProjectRef,
    // Room for MAX_SQL_LENGTH characters of any script, as JSON.
    maxBodyBytes: MAX_SQL_LENGTH * 6 + 1024,
    raw: true,
  }),
  /**
   * Stops a run named with `query_id`: the member who started it, or an Owner or Admin, may. Every
   * role may call it (a run of someone else answers `cancelled: false`, as an unknown one does).
   */
  cancelQuery: route({
    method: 'POST',
    path: '/platform/projects/:ref/query/:query_id/cancel',
    params: cancelQueryParams,
    answer: cancelQueryAnswer,
    action: 'sql:run',
    scope: byProjectRef,
  }),
}

import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { cancelQueryAnswer, cancelQueryParams, MAX_SQL_LENGTH, runQueryAnswer, runQueryBody, runQueryQuery, tableDetailAnswer, tableDetailQuery } from './sql'

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
   * One table's detail for the table editor, as the caller's role sees it, read from the catalog
   * once per change (server/sql/table-detail.ts) rather than at every opening of the table.
   */
  tableDetail: route({
    method: 'GET',
    path: '/platform/pg-meta/:ref/table-detail',
    params: projectParams,
    query: tableDetailQuery,
    answer: tableDetailAnswer,
    action: 'sql:run',
    scope: byProjectRef,
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

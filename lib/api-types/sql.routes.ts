import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { MAX_SQL_LENGTH, runQueryAnswer, runQueryBody, runQueryQuery } from './sql'

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
}

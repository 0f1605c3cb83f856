// Generated from ../sql.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { sqlRoutes as declaredSqlRoutes } from '../sql.routes'
import { browserRoutes } from './browser-route'

export const sqlRoutes = browserRoutes<typeof declaredSqlRoutes>({
  runQuery: ['POST', '/platform/pg-meta/:ref/query', 'user'],
  tableDetail: ['GET', '/platform/pg-meta/:ref/table-detail', 'user'],
  cancelQuery: ['POST', '/platform/projects/:ref/query/:query_id/cancel', 'user'],
})

import { sqlRoutes } from '@/lib/api-types/browser/sql.routes'
import { call } from '../fetchers'

/**
 * Runs one of the feature pages' own reads in the project's database and answers the last
 * statement's rows. The caller's role decides what it sees (a Read-only member included); kept
 * out of the user's query history, since the user did not write it.
 */
export async function readFeatureSql(projectRef: string, sql: string, signal?: AbortSignal): Promise<unknown[]> {
  const answer = await call(sqlRoutes.runQuery, { params: { ref: projectRef }, query: { history: 'skip' }, body: { query: sql } }, { signal })
  return Array.isArray(answer) ? answer : []
}

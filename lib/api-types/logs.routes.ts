/**
 * A project's logs (API requests, auth events, Postgres errors and slow statements), kept for the organization plan's retention.
 * Every member may read them (`logs:read`); the SQL in postgres_logs only with `logs:statements:read`
 * (others see it hidden, their own statements excepted: server/logs/statement-privacy.ts).
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { logsAnswer, logsQuery } from './logs'

export const logRoutes = {
  readLogs: route({
    method: 'GET',
    path: '/platform/projects/:ref/logs',
    params: projectParams,
    query: logsQuery,
    answer: logsAnswer,
    action: 'logs:read',
    scope: byProjectRef,
  }),
}

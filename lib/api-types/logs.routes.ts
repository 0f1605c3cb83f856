/**
 * A project's logs (API requests, auth events, Postgres errors and slow statements), kept for the organization plan's retention.
 * Every member may read them (`logs:read`).
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

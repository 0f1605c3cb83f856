/**
 * Realtime → Inspector and Realtime → Settings. Every member sees the limits in force and may
 * inspect channels as anon or as one of the project's users (a Read-only member reads the same
 * rows in SQL); listening as the service role needs the service key's permission.
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { realtimeInspectorToken, realtimeInspectorTokenBody, realtimeSettings } from './realtime'

export const realtimeRoutes = {
  getRealtimeSettings: route({
    method: 'GET',
    path: '/platform/realtime/:ref/settings',
    params: projectParams,
    answer: realtimeSettings,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  createRealtimeInspectorToken: route({
    method: 'POST',
    path: '/platform/realtime/:ref/inspector-token',
    params: projectParams,
    body: realtimeInspectorTokenBody,
    answer: realtimeInspectorToken,
    action: 'realtime:inspect',
    scope: byProjectRef,
  }),
}

/**
 * The project's API settings: its URL, its anon and service_role keys, the data API's settings.
 * Every member reads them; the service_role key (it bypasses row level security) is revealed to
 * those with `api:service-key:read`; rotating the JWT secret and changing the settings need their
 * own actions.
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { apiSettings, apiSettingsPatchBody, apiSettingsQuery } from './data-api'

export const dataApiRoutes = {
  getApiSettings: route({
    method: 'GET',
    path: '/platform/projects/:ref/api-settings',
    params: projectParams,
    query: apiSettingsQuery,
    answer: apiSettings,
    action: 'projects:read',
    scope: byProjectRef,
  }),
  rotateJwtSecret: route({
    method: 'POST',
    path: '/platform/projects/:ref/api-settings/rotate-jwt-secret',
    params: projectParams,
    answer: apiSettings,
    status: 200,
    action: 'api:jwt-secret:rotate',
    scope: byProjectRef,
  }),
  updateApiSettings: route({
    method: 'PATCH',
    path: '/platform/projects/:ref/api-settings',
    params: projectParams,
    body: apiSettingsPatchBody,
    answer: apiSettings,
    action: 'api:settings:update',
    scope: byProjectRef,
  }),
}

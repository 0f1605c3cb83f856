/**
 * Source-code hosting app connections of an organization (install / authorize in a pop-up).
 * Every member sees the organization's connections; connecting and disconnecting take what
 * changing the organization's settings takes (Owners and Admins).
 */
import { route } from './route'
import { byOrgSlug } from './route-scopes'
import { organizationParams } from './organizations'
import * as i from './integrations'

const connections = '/platform/organizations/:slug/integrations/github/connections'

export const integrationRoutes = {
  getGithubAppSettings: route({ method: 'GET', path: '/platform/integrations/github', answer: i.githubAppSettings }),
  listGithubConnections: route({
    method: 'GET',
    path: connections,
    params: organizationParams,
    answer: i.githubConnectionList,
    action: 'organizations:read',
    scope: byOrgSlug,
  }),
  createGithubConnection: route({
    method: 'POST',
    path: connections,
    params: organizationParams,
    body: i.connectGithubBody,
    answer: i.githubConnection,
    status: 201,
    action: 'organizations:update',
    scope: byOrgSlug,
  }),
  deleteGithubConnection: route({
    method: 'DELETE',
    path: `${connections}/:id`,
    params: i.githubConnectionParams,
    answer: i.githubConnectionDeleted,
    action: 'organizations:update',
    scope: byOrgSlug,
  }),
}


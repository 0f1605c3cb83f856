// Generated from ../organizations.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { organizationRoutes as declaredOrganizationRoutes } from '../organizations.routes'
import { browserRoutes } from './browser-route'

export const organizationRoutes = browserRoutes<typeof declaredOrganizationRoutes>({
  listOrganizations: ['GET', '/platform/organizations', 'user'],
  createOrganization: ['POST', '/platform/organizations', 'user'],
  getOrganization: ['GET', '/platform/organizations/:slug', 'user'],
  updateOrganization: ['PATCH', '/platform/organizations/:slug', 'user'],
  deleteOrganization: ['DELETE', '/platform/organizations/:slug', 'user'],
  listMembers: ['GET', '/platform/organizations/:slug/members', 'user'],
  leaveOrganization: ['POST', '/platform/organizations/:slug/leave', 'user'],
  listInvitations: ['GET', '/platform/organizations/:slug/members/invitations', 'user'],
  createInvitation: ['POST', '/platform/organizations/:slug/members/invitations', 'user'],
  revokeInvitation: ['DELETE', '/platform/organizations/:slug/members/invitations/:id', 'user'],
  acceptInvitation: ['POST', '/platform/organizations/:slug/members/invitations/:token', 'user'],
  declineInvitation: ['POST', '/platform/organizations/:slug/members/invitations/:token/decline', 'user'],
  getInvitation: ['GET', '/platform/invitations/:token', 'user'],
  updateMember: ['PATCH', '/platform/organizations/:slug/members/:gotrue_id', 'user'],
  removeMember: ['DELETE', '/platform/organizations/:slug/members/:gotrue_id', 'user'],
})

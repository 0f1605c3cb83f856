import { z } from 'zod'
import { route } from './route'
import { byOrgSlug } from './route-scopes'
import {
  createInvitationBody,
  createOrganizationBody,
  invitation,
  invitationDeclined,
  invitationIdParams,
  invitationLookupParams,
  invitationPreview,
  invitationRevoked,
  invitationTokenParams,
  member,
  memberParams,
  memberRemoved,
  organization,
  organizationDeleted,
  organizationLeft,
  organizationParams,
  updateMemberBody,
  updateOrganizationBody,
} from './organizations'

export const organizationRoutes = {
  listOrganizations: route({ method: 'GET', path: '/platform/organizations', answer: z.array(organization) }),
  createOrganization: route({
    method: 'POST',
    path: '/platform/organizations',
    body: createOrganizationBody,
    answer: organization,
    status: 201,
    platformOnly: true,
  }),
  getOrganization: route({
    method: 'GET',
    path: '/platform/organizations/:slug',
    params: organizationParams,
    answer: organization,
    action: 'organizations:read',
    scope: byOrgSlug,
  }),
  updateOrganization: route({
    method: 'PATCH',
    path: '/platform/organizations/:slug',
    params: organizationParams,
    body: updateOrganizationBody,
    answer: organization,
    action: 'organizations:update',
    scope: byOrgSlug,
  }),
  /** Refused while the organization still has projects that are not REMOVED. */
  deleteOrganization: route({
    method: 'DELETE',
    path: '/platform/organizations/:slug',
    params: organizationParams,
    answer: organizationDeleted,
    action: 'organizations:delete',
    scope: byOrgSlug,
  }),

  listMembers: route({
    method: 'GET',
    path: '/platform/organizations/:slug/members',
    params: organizationParams,
    answer: z.array(member),
    action: 'members:read',
    scope: byOrgSlug,
  }),
  /**
   * The caller leaves the organization. Any member may (membership is the permission, hence the
   * action every role has); the last Owner may not.
   */
  leaveOrganization: route({
    method: 'POST',
    path: '/platform/organizations/:slug/leave',
    params: organizationParams,
    answer: organizationLeft,
    action: 'members:read',
    scope: byOrgSlug,
    platformOnly: true,
  }),

  // Invitations are declared before the member routes below: their paths are more specific.
  listInvitations: route({
    method: 'GET',
    path: '/platform/organizations/:slug/members/invitations',
    params: organizationParams,
    answer: z.array(invitation),
    action: 'members:invite',
    scope: byOrgSlug,
  }),
  createInvitation: route({
    method: 'POST',
    path: '/platform/organizations/:slug/members/invitations',
    params: organizationParams,
    body: createInvitationBody,
    answer: invitation,
    status: 201,
    action: 'members:invite',
    scope: byOrgSlug,
  }),
  revokeInvitation: route({
    method: 'DELETE',
    path: '/platform/organizations/:slug/members/invitations/:id',
    params: invitationIdParams,
    answer: invitationRevoked,
    action: 'members:invite',
    scope: byOrgSlug,
  }),
  /**
   * Accepting and declining are done by someone who is not a member yet: no roles policy applies;
   * the handler checks the token and that it was sent to the caller's email address.
   */
  acceptInvitation: route({
    method: 'POST',
    path: '/platform/organizations/:slug/members/invitations/:token',
    params: invitationTokenParams,
    answer: organization,
    platformOnly: true,
  }),
  declineInvitation: route({
    method: 'POST',
    path: '/platform/organizations/:slug/members/invitations/:token/decline',
    params: invitationTokenParams,
    answer: invitationDeclined,
    platformOnly: true,
  }),
  /** The invitation behind a /join link, for the invited person only. */
  getInvitation: route({
    method: 'GET',
    path: '/platform/invitations/:token',
    params: invitationLookupParams,
    answer: invitationPreview,
  }),

  updateMember: route({
    method: 'PATCH',
    path: '/platform/organizations/:slug/members/:gotrue_id',
    params: memberParams,
    body: updateMemberBody,
    answer: member,
    action: 'members:update',
    scope: byOrgSlug,
  }),
  removeMember: route({
    method: 'DELETE',
    path: '/platform/organizations/:slug/members/:gotrue_id',
    params: memberParams,
    answer: memberRemoved,
    action: 'members:update',
    scope: byOrgSlug,
  }),
}

import type { organizationRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { createOrganization, listOrganizations, toOrganization } from './organizations'
import { deleteOrganization, updateOrganization } from './organization-settings'
import { changeMemberRole, leaveOrganization, listMembers, removeMember } from './members'
import { createInvitation, listInvitations, revokeInvitation } from './invitations'
import { acceptInvitation, declineInvitation, getInvitation } from './invitation-response'

export const organizationHandlers: Handlers<typeof organizationRoutes> = {
  listOrganizations: ({ platform, user }) => listOrganizations(platform, user),
  createOrganization: ({ platform, user, body }) => createOrganization(platform, user, body),
  getOrganization: async ({ access }) => toOrganization(access),
  updateOrganization: ({ platform, access, user, body }) => updateOrganization(platform, access, user, body),
  deleteOrganization: async ({ platform, access, user }) => {
    await deleteOrganization(platform, access, user)
    return { slug: access.slug, deleted: true }
  },

  listMembers: ({ platform, access }) => listMembers(platform.db, access.id),
  leaveOrganization: async ({ platform, access, user }) => {
    await leaveOrganization(platform, access, user)
    return { slug: access.slug, left: true }
  },
  updateMember: ({ platform, access, user, params, body }) => changeMemberRole(platform, access, user, params.gotrue_id, body.role),
  removeMember: async ({ platform, access, user, params }) => {
    await removeMember(platform, access, user, params.gotrue_id)
    return { gotrue_id: params.gotrue_id, removed: true }
  },

  listInvitations: ({ platform, access }) => listInvitations(platform.db, access.id),
  createInvitation: ({ platform, access, user, body }) => createInvitation(platform, access, user, body),
  revokeInvitation: async ({ platform, access, user, params }) => {
    await revokeInvitation(platform, access, params.id, user)
    return { id: params.id, revoked: true }
  },
  getInvitation: ({ platform, user, params }) => getInvitation(platform, user, params.token),
  acceptInvitation: ({ platform, user, params }) => acceptInvitation(platform, user, params.slug, params.token),
  declineInvitation: async ({ platform, user, params }) => {
    await declineInvitation(platform, user, params.slug, params.token)
    return { declined: true }
  },
}

/**
 * Invitations as the organization's Owners and Admins handle them: send, list, revoke. The person
 * invited answers through invitation-response.ts. Sending and revoking are written to the audit
 * log once committed.
 */
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { createInvitationBody, Invitation } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { requireProfile } from '../profile/profile'
import { currentRole, lockOrganization } from './organization-lock'
import { assertMayTouchOwner, assertPlanOffersRole } from './role-rules'

type InvitationRow = Omit<Invitation, 'created_at' | 'expires_at'> & { created_at: Date | string; expires_at: Date | string }

const INVITATION_COLUMNS = `i.id::int as id, i.email, i.role, i.token, p.username as invited_by, i.created_at, i.expires_at,
  case when i.expires_at <= now() then 'expired' else 'pending' end as status`

const toInvitation = (row: InvitationRow): Invitation => ({
  ...row,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
})

/** 32 random bytes: unguessable, and only letters, digits, - and _ (safe in a /join?token= link). */
const newToken = () => randomBytes(32).toString('base64url')

/** Invitations that can still be answered, and those that ran out (until revoked or sent again). */
export async function listInvitations(db: Queryable, organizationId: number): Promise<Invitation[]> {
  const rows = await db.query<InvitationRow>(
    `select ${INVITATION_COLUMNS} from organization_invitations i left join profiles p on p.id = i.invited_by
     where i.organization_id = $1 and i.status = 'pending' order by i.created_at desc, i.id desc`,
    [organizationId]
  )
  return rows.map(toInvitation)
}

export async function createInvitation(
  platform: Platform,
  access: OrgAccess,
  user: AuthUser,
  { email, role }: z.output<typeof createInvitationBody>
): Promise<Invitation> {
  const invitation = await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    assertMayTouchOwner(await currentRole(tx, org.id, user.id), { to: role })
    assertPlanOffersRole(org.plan, role)
    const [member] = await tx.query(
      `select 1 from organization_members m join profiles p on p.id = m.profile_id join users u on u.id = p.user_id
       where m.organization_id = $1 and lower(u.email) = $2`,
      [org.id, email]
    )
    if (member) throw new PlatformError(409, `${email} is already a member of this organization.`)
    // An invitation that ran out makes way for the new one; a live one stays the only link.
    await tx.query(
      `update organization_invitations set status = 'revoked', responded_at = now()
       where organization_id = $1 and email = $2 and status = 'pending' and expires_at <= now()`,
      [org.id, email]
    )
    const [pending] = await tx.query(`select 1 from organization_invitations where organization_id = $1 and email = $2 and status = 'pending'`, [
      org.id,
      email,
    ])
    if (pending) throw new PlatformError(409, `${email} already has a pending invitation. Revoke it to send a new one.`)
    const inviter = await requireProfile(tx, user.id)
    const [row] = await tx.query<{ id: number }>(
      `insert into organization_invitations (organization_id, email, role, token, invited_by, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6)) returning id::int as id`,
      [org.id, email, role, newToken(), inviter.id, platform.config.invitationTtlSeconds]
    )
    const [created] = await tx.query<InvitationRow>(
      `select ${INVITATION_COLUMNS} from organization_invitations i left join profiles p on p.id = i.invited_by where i.id = $1`,
      [row.id]
    )
    return toInvitation(created)
  })
  await recordAudit(platform.db, {
    organizationId: access.id,
    action: 'member.invited',
    actor: { id: user.id, email: user.email },
    target: { type: 'invitation', id: String(invitation.id), name: invitation.email },
    details: { email: invitation.email, role: invitation.role },
  })
  return invitation
}

/**
 * Revoking is final: the link stops working at once, also in a tab that has it open. `user` is who
 * revoked it, for the audit log (without it the entry names no one).
 */
export async function revokeInvitation(platform: Platform, access: OrgAccess, id: number, user?: AuthUser): Promise<void> {
  const revoked = await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const [invitation] = await tx.query<{ status: string; email: string; role: string }>(
      `select status, email, role from organization_invitations where id = $1 and organization_id = $2`,
      [id, org.id]
    )
    if (!invitation) throw new PlatformError(404, 'This invitation does not exist.')
    if (invitation.status !== 'pending') throw new PlatformError(410, `This invitation was already ${invitation.status}.`)
    await tx.query(`update organization_invitations set status = 'revoked', responded_at = now() where id = $1`, [id])
    return invitation
  })
  await recordAudit(platform.db, {
    organizationId: access.id,
    action: 'member.invitation_revoked',
    actor: user ? { id: user.id, email: user.email } : null,
    target: { type: 'invitation', id: String(id), name: revoked.email },
    details: { email: revoked.email, role: revoked.role },
  })
}

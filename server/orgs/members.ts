/**
 * The members of an organization: who they are, their role, changing it, removing them, leaving.
 * Every change runs under the organization's lock (organization-lock.ts) so that an organization
 * always keeps an Owner, also when two requests race. Each change is written to the audit log
 * once it is committed.
 */
import type { Member, OrganizationRole } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { countOwners, currentRole, lockOrganization } from './organization-lock'
import { assertKeepsAnOwner, assertMayTouchOwner, assertPlanOffersRole } from './role-rules'

type MemberRow = Member & { profile_id: number }

const MEMBER_COLUMNS = `u.id::text as gotrue_id, p.username, p.primary_email, m.role, m.created_at as joined_at, p.id::int as profile_id`
const MEMBER_JOINS = `organization_members m join profiles p on p.id = m.profile_id join users u on u.id = p.user_id`

const toMember = ({ profile_id: _, joined_at, ...row }: MemberRow): Member => ({ ...row, joined_at: new Date(joined_at).toISOString() })

export async function listMembers(db: Queryable, organizationId: number): Promise<Member[]> {
  const rows = await db.query<MemberRow>(
    `select ${MEMBER_COLUMNS} from ${MEMBER_JOINS} where m.organization_id = $1 order by m.created_at, p.id`,
    [organizationId]
  )
  return rows.map(toMember)
}

/** A member as the audit log names them: by account id, with their email. */
const memberTarget = (member: Member) => ({ type: 'member' as const, id: member.gotrue_id, name: member.primary_email })

async function findMember(tx: Queryable, organizationId: number, gotrueId: string): Promise<MemberRow> {
  const [row] = await tx.query<MemberRow>(`select ${MEMBER_COLUMNS} from ${MEMBER_JOINS} where m.organization_id = $1 and u.id = $2`, [
    organizationId,
    gotrueId,
  ])
  if (!row) throw new PlatformError(404, 'This person is not a member of the organization.')
  return row
}

export async function changeMemberRole(platform: Platform, access: OrgAccess, user: AuthUser, gotrueId: string, role: OrganizationRole): Promise<Member> {
  const { member, from } = await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const callerRole = await currentRole(tx, org.id, user.id)
    const target = await findMember(tx, org.id, gotrueId)
    if (target.role === role) return { member: toMember(target), from: role }
    assertPlanOffersRole(org.plan, role)
    assertMayTouchOwner(callerRole, { from: target.role, to: role })
    assertKeepsAnOwner(await countOwners(tx, org.id), { losing: target.role === 'Owner' })
    await tx.query(`update organization_members set role = $3 where organization_id = $1 and profile_id = $2`, [org.id, target.profile_id, role])
    return { member: toMember({ ...target, role }), from: target.role }
  })
  if (from !== role)
    await recordAudit(platform.db, {
      organizationId: access.id,
      action: 'member.role_changed',
      actor: { id: user.id, email: user.email },
      target: memberTarget(member),
      details: { email: member.primary_email, from, to: role },
    })
  return member
}

export async function removeMember(platform: Platform, access: OrgAccess, user: AuthUser, gotrueId: string): Promise<void> {
  const removed = await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const callerRole = await currentRole(tx, org.id, user.id)
    const target = await findMember(tx, org.id, gotrueId)
    assertMayTouchOwner(callerRole, { from: target.role })
    assertKeepsAnOwner(await countOwners(tx, org.id), { losing: target.role === 'Owner' })
    await tx.query(`delete from organization_members where organization_id = $1 and profile_id = $2`, [org.id, target.profile_id])
    return toMember(target)
  })
  await recordAudit(platform.db, {
    organizationId: access.id,
    action: 'member.removed',
    actor: { id: user.id, email: user.email },
    target: memberTarget(removed),
    details: { email: removed.primary_email, role: removed.role },
  })
}

/** The caller leaves; the last Owner cannot (the organization would be nobody's). */
export async function leaveOrganization(platform: Platform, access: OrgAccess, user: AuthUser): Promise<void> {
  const role = await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const role = await currentRole(tx, org.id, user.id)
    if (role === 'Owner' && (await countOwners(tx, org.id)) <= 1)
      throw new PlatformError(400, 'You are the last Owner of this organization. Make another member an Owner before leaving, or delete the organization.')
    await tx.query(
      `delete from organization_members m using profiles p where m.profile_id = p.id and m.organization_id = $1 and p.user_id = $2`,
      [org.id, user.id]
    )
    return role
  })
  await recordAudit(platform.db, {
    organizationId: access.id,
    action: 'member.left',
    actor: { id: user.id, email: user.email },
    target: { type: 'member', id: user.id, name: user.email },
    details: { email: user.email, role },
  })
}

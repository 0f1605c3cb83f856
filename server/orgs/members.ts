/**
 * The members of an organization: who they are, their role, changing it, removing them, leaving.
 * Every change runs under the organization's lock (organization-lock.ts) so that an organization
 * always keeps an Owner, also when two requests race.
 */
import type { Member, OrganizationRole } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../platform'
import type { AuthUser, OrgAccess } from '../http/types'
import { PlatformError } from '../http/errors'
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

async function findMember(tx: Queryable, organizationId: number, gotrueId: string): Promise<MemberRow> {
  const [row] = await tx.query<MemberRow>(`select ${MEMBER_COLUMNS} from ${MEMBER_JOINS} where m.organization_id = $1 and u.id = $2`, [
    organizationId,
    gotrueId,
  ])
  if (!row) throw new PlatformError(404, 'This person is not a member of the organization.')
  return row
}

export async function changeMemberRole(platform: Platform, access: OrgAccess, user: AuthUser, gotrueId: string, role: OrganizationRole): Promise<Member> {
  return platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const callerRole = await currentRole(tx, org.id, user.id)
    const target = await findMember(tx, org.id, gotrueId)
    if (target.role === role) return toMember(target)
    assertPlanOffersRole(org.plan, role)
    assertMayTouchOwner(callerRole, { from: target.role, to: role })
    assertKeepsAnOwner(await countOwners(tx, org.id), { losing: target.role === 'Owner' })
    await tx.query(`update organization_members set role = $3 where organization_id = $1 and profile_id = $2`, [org.id, target.profile_id, role])
    return toMember({ ...target, role })
  })
}

export async function removeMember(platform: Platform, access: OrgAccess, user: AuthUser, gotrueId: string): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const callerRole = await currentRole(tx, org.id, user.id)
    const target = await findMember(tx, org.id, gotrueId)
    assertMayTouchOwner(callerRole, { from: target.role })
    assertKeepsAnOwner(await countOwners(tx, org.id), { losing: target.role === 'Owner' })
    await tx.query(`delete from organization_members where organization_id = $1 and profile_id = $2`, [org.id, target.profile_id])
  })
}

/** The caller leaves; the last Owner cannot (the organization would be nobody's). */
export async function leaveOrganization(platform: Platform, access: OrgAccess, user: AuthUser): Promise<void> {
  await platform.db.transaction(async (tx) => {
    const org = await lockOrganization(tx, access.id)
    const role = await currentRole(tx, org.id, user.id)
    if (role === 'Owner' && (await countOwners(tx, org.id)) <= 1)
      throw new PlatformError(400, 'You are the last Owner of this organization. Make another member an Owner before leaving, or delete the organization.')
    await tx.query(
      `delete from organization_members m using profiles p where m.profile_id = p.id and m.organization_id = $1 and p.user_id = $2`,
      [org.id, user.id]
    )
  })
}

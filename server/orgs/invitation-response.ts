/**
 * The invited person's side of an invitation: look it up from the /join link, accept, decline.
 * The caller is not a member yet, so no roles policy applies: the token must be live and have
 * been sent to the caller's own (confirmed) email address, compared case-insensitively.
 *
 * A token answers once. Accepting and declining lock the organization (the same lock as every
 * membership change) and then the invitation's row, and read its state only after that: of two
 * tabs accepting at once, the second finds it used.
 */
import type { InvitationPreview, Organization, OrganizationRole } from '@/lib/api-types'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { requireProfile } from '../profile/profile'
import { findMembership, toOrganization } from './organizations'
import { lockOrganization } from './organization-lock'
import { assertPlanOffersRole } from './role-rules'

type InvitationState = {
  id: number
  organization_id: number
  organization_name: string
  organization_slug: string
  email: string
  role: OrganizationRole
  status: 'pending' | 'accepted' | 'declined' | 'revoked'
  expired: boolean
  expires_at: Date | string
  invited_by: string | null
}

const NOT_FOUND = 'This invitation does not exist. Ask an Owner or Admin of the organization for a new one.'

const GONE: Record<Exclude<InvitationState['status'], 'pending'>, string> = {
  accepted: 'This invitation has already been used.',
  declined: 'This invitation was declined.',
  revoked: 'This invitation was revoked. Ask an Owner or Admin of the organization for a new one.',
}

async function readInvitation(db: Queryable, token: string, { lock }: { lock: boolean }): Promise<InvitationState | undefined> {
  const [row] = await db.query<InvitationState>(
    `select i.id::int as id, i.organization_id::int as organization_id, o.name as organization_name, o.slug as organization_slug,
            i.email, i.role, i.status, i.expires_at <= now() as expired, i.expires_at, p.username as invited_by
     from organization_invitations i
     join organizations o on o.id = i.organization_id
     left join profiles p on p.id = i.invited_by
     where i.token = $1 ${lock ? 'for update of i' : ''}`,
    [token]
  )
  return row
}

async function callerEmail(db: Queryable, user: AuthUser): Promise<{ email: string; confirmed: boolean }> {
  const [row] = await db.query<{ email: string | null; confirmed: boolean }>(
    `select email, email_confirmed_at is not null as confirmed from users where id = $1`,
    [user.id]
  )
  return { email: (row?.email ?? '').toLowerCase(), confirmed: !!row?.confirmed }
}

/**
 * The invitation when the caller may answer it. Nothing about the organization is told to anyone
 * else: the invited address is checked before the state.
 */
async function checkedInvitation(db: Queryable, user: AuthUser, token: string, { lock, slug }: { lock: boolean; slug?: string }) {
  const invitation = await readInvitation(db, token, { lock })
  if (!invitation || (slug !== undefined && invitation.organization_slug !== slug)) throw new PlatformError(404, NOT_FOUND)
  const caller = await callerEmail(db, user)
  if (caller.email !== invitation.email)
    throw new PlatformError(403, 'This invitation was sent to a different email address. Sign in with that address to answer it.')
  if (!caller.confirmed) throw new PlatformError(403, 'Confirm your email address first, then open the invitation link again.')
  if (invitation.status !== 'pending') throw new PlatformError(410, GONE[invitation.status])
  if (invitation.expired) throw new PlatformError(410, 'This invitation has expired. Ask an Owner or Admin of the organization for a new one.')
  return invitation
}

export async function getInvitation(platform: Platform, user: AuthUser, token: string): Promise<InvitationPreview> {
  const invitation = await checkedInvitation(platform.db, user, token, { lock: false })
  return {
    organization_name: invitation.organization_name,
    organization_slug: invitation.organization_slug,
    role: invitation.role,
    email: invitation.email,
    invited_by: invitation.invited_by,
    expires_at: new Date(invitation.expires_at).toISOString(),
  }
}

/** Locks in the one order every membership change uses: the organization, then the invitation. */
async function answerUnderLock<T>(platform: Platform, user: AuthUser, slug: string, token: string, answer: (tx: Queryable, invitation: InvitationState) => Promise<T>) {
  return platform.db.transaction(async (tx) => {
    const unlocked = await readInvitation(tx, token, { lock: false })
    if (!unlocked || unlocked.organization_slug !== slug) throw new PlatformError(404, NOT_FOUND)
    await lockOrganization(tx, unlocked.organization_id)
    const invitation = await checkedInvitation(tx, user, token, { lock: true, slug })
    return answer(tx, invitation)
  })
}

/**
 * Joins the organization with the invitation's role; answers the organization as the new member
 * sees it. The audit log names the new member as the one who joined.
 */
export async function acceptInvitation(platform: Platform, user: AuthUser, slug: string, token: string): Promise<Organization> {
  const { organization, joined } = await answerUnderLock(platform, user, slug, token, async (tx, invitation) => {
    const profile = await requireProfile(tx, user.id)
    const [org] = await tx.query<{ plan: Parameters<typeof assertPlanOffersRole>[0] }>(`select plan from organizations where id = $1`, [
      invitation.organization_id,
    ])
    // The plan may have changed since the invitation was sent.
    assertPlanOffersRole(org.plan, invitation.role)
    // Someone who joined meanwhile (another invitation) keeps the role they have.
    const inserted = await tx.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, $3)
       on conflict (organization_id, profile_id) do nothing returning profile_id`,
      [invitation.organization_id, profile.id, invitation.role]
    )
    await tx.query(`update organization_invitations set status = 'accepted', responded_at = now(), responded_by = $2 where id = $1`, [
      invitation.id,
      profile.id,
    ])
    return { organization: toOrganization((await findMembership(tx, user.id, slug))!), joined: inserted.length > 0 ? invitation : null }
  })
  if (joined)
    await recordAudit(platform.db, {
      organizationId: joined.organization_id,
      action: 'member.joined',
      actor: { id: user.id, email: user.email },
      target: { type: 'member', id: user.id, name: user.email },
      details: { email: user.email, role: joined.role, invitation_id: joined.id },
    })
  return organization
}

export async function declineInvitation(platform: Platform, user: AuthUser, slug: string, token: string): Promise<void> {
  await answerUnderLock(platform, user, slug, token, async (tx, invitation) => {
    const [profile] = await tx.query<{ id: number }>(`select id::int as id from profiles where user_id = $1`, [user.id])
    await tx.query(`update organization_invitations set status = 'declined', responded_at = now(), responded_by = $2 where id = $1`, [
      invitation.id,
      profile?.id ?? null,
    ])
  })
}

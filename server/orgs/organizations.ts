import { randomBytes } from 'node:crypto'
import { DEFAULT_PLAN_TIER, PLAN_NAMES, TIER_PLANS, type CreateOrganizationBody, type Organization } from '@/lib/api-types'
import { shownRestrictionData } from '@/lib/restrictions'
import type { Queryable } from '../db/control-plane'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { requireProfile } from '../profile/profile'
import { recordAudit } from '../audit/record'
import type { OrgRow } from './org-row'

const VERCEL_PREFIX = 'vercel_'

export function toOrganization(row: OrgRow): Organization {
  const fromVercel = row.slug.startsWith(VERCEL_PREFIX)
  return {
    id: Number(row.id),
    name: row.name,
    slug: row.slug,
    billing_email: row.billing_email ?? 'Unknown',
    managed_by: fromVercel ? 'vercel-marketplace' : 'supabase',
    ...(fromVercel ? { partner_id: row.slug.slice(VERCEL_PREFIX.length) } : {}),
    plan: { id: row.plan, name: PLAN_NAMES[row.plan] },
    restriction_status: row.restriction_status,
    restriction_data: shownRestrictionData(row.restriction_status, row.restriction_data),
    is_owner: row.role === 'Owner',
    role: row.role,
  }
}

const ORG_COLUMNS = `o.id::int as id, o.name, o.slug, o.billing_email, o.plan, o.restriction_status, o.restriction_data, m.role`

export async function listOrganizations(platform: Platform, user: AuthUser): Promise<Organization[]> {
  const profile = await requireProfile(platform.db, user.id)
  const rows = await platform.db.query<OrgRow>(
    `select ${ORG_COLUMNS} from organizations o join organization_members m on m.organization_id = o.id
     where m.profile_id = $1 order by lower(o.name), o.id`,
    [profile.id]
  )
  return rows.map(toOrganization)
}

/**
 * The select of findMembership with its parameters named by the caller (`$n`), so that the router
 * can ask it in the same statement as the session check (server/http/authenticate.ts).
 */
export const membershipSql = (userParam: string, slugParam: string) =>
  `select ${ORG_COLUMNS} from organizations o
     join organization_members m on m.organization_id = o.id
     join profiles p on p.id = m.profile_id
     where o.slug = ${slugParam} and p.user_id = ${userParam}`

/** The organization when the user is a member; undefined otherwise (the router answers 404). */
export async function findMembership(db: Queryable, userId: string, slug: string): Promise<OrgRow | undefined> {
  const [row] = await db.query<OrgRow>(membershipSql('$1', '$2'), [userId, slug])
  return row
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return base || 'org'
}

/**
 * A new organization on the chosen tier (DEFAULT_PLAN_TIER when none) and the plan it stands for
 * (TIER_PLANS), with the caller as its Owner and the tier as the first row of its history (the
 * statements price each day at the tier it was on). Without a billing email it has none, and
 * answers 'Unknown' (SPEC §3).
 */
export async function createOrganization(platform: Platform, user: AuthUser, body: CreateOrganizationBody): Promise<Organization> {
  const tier = body.tier ?? DEFAULT_PLAN_TIER
  const organization = await platform.db.transaction(async (tx) => {
    const profile = await requireProfile(tx, user.id)
    let slug = slugify(body.name)
    const [taken] = await tx.query('select 1 from organizations where slug = $1', [slug])
    // Never reuse a slug, and never let a user-chosen name claim a partner prefix.
    if (taken || slug.startsWith('vercel')) slug = `${slug}-${randomBytes(3).toString('hex')}`
    const [org] = await tx.query<{ id: number }>(
      `insert into organizations (name, slug, billing_email, plan, tier) values ($1, $2, $3, $4, $5) returning id::int as id`,
      [body.name, slug, body.billing_email ?? null, TIER_PLANS[tier], tier]
    )
    await tx.query(`insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'Owner')`, [org.id, profile.id])
    await tx.query(`insert into organization_subscriptions (organization_id, tier, changed_by) values ($1, $2, $3)`, [org.id, tier, user.id])
    return toOrganization((await findMembership(tx, user.id, slug))!)
  })
  await recordAudit(platform.db, {
    organizationId: organization.id,
    action: 'organization.created',
    actor: { id: user.id, email: user.email },
    target: { type: 'organization', id: organization.slug, name: organization.name },
    details: { tier },
  })
  return organization
}

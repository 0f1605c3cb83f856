/**
 * An organization's subscription: the tier it is on (lib/billing/tiers.ts), the plan's price and
 * credits, the current billing period, the payment method and the restriction status; what a
 * change of tier would cost and do (the preview), and the change itself.
 *
 * A change runs in one transaction with the organization's row locked `for update`: two tabs or
 * two app instances changing the plan at once run one after the other, and a project being
 * created (which takes the same lock, server/projects/free-plan.ts) cannot slip in between the
 * check of the Free plan's project limit and the change. Every change is a row of the tier
 * history (organization_subscriptions), which the statements price each day from.
 */
import { PLAN_NAMES, type PlanTier, type Subscription, type SubscriptionPreview } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'
import { changeKind, TIERS } from '@/lib/billing/tiers'
import { priceUsage, projectUsage } from '@/lib/billing/cost'
import { costAnswer } from './cost-answer'
import { elapsedFraction, monthOf } from '@/lib/billing/period'
import { shownRestrictionData } from '@/lib/restrictions'
import type { Platform } from '../kernel/platform'
import type { Queryable } from '../db/control-plane'
import type { AuthUser, OrgAccess } from '../kernel/handler-types'
import { badRequest, PlatformError } from '../kernel/errors'
import { recordAudit } from '../audit/record'
import { ORGANIZATION_GONE } from '../orgs/organization-lock'
import { lockOrganizationPlan, type LockedPlan } from '../projects/free-plan'
import { readPaymentMethod } from './payment-processor'
import { periodUsage } from './period-usage'
import { changeNotes, refusalDetails, refusalOf } from './subscription-rules'

type SubscriptionRow = LockedPlan & {
  billing_email: string | null
  restriction_status: Subscription['restriction_status']
  restriction_data: Subscription['restriction_data']
  tier_since: Date | string
}

async function readOrganization(db: Queryable, organizationId: number): Promise<SubscriptionRow> {
  const [row] = await db.query<SubscriptionRow>(
    `select o.id::int as id, o.name, o.slug, o.plan, o.tier, o.billing_email, o.restriction_status, o.restriction_data,
       coalesce((select s.started_at from organization_subscriptions s where s.organization_id = o.id order by s.started_at desc, s.id desc limit 1),
                o.created_at) as tier_since
     from organizations o where o.id = $1`,
    [organizationId]
  )
  if (!row) throw new PlatformError(404, ORGANIZATION_GONE)
  return row
}

const planOf = (tier: PlanTier) => ({ id: TIERS[tier].plan, name: PLAN_NAMES[TIERS[tier].plan] })

export async function readSubscription(platform: Platform, org: OrgAccess, now = new Date()): Promise<Subscription> {
  const row = await readOrganization(platform.db, org.id)
  const numbers = planNumbers(TIERS[row.tier].plan)
  const period = monthOf(now)
  return {
    tier: row.tier,
    plan: planOf(row.tier),
    spend_cap: TIERS[row.tier].spendCap,
    price_monthly: numbers.priceMonthly,
    compute_credits_monthly: numbers.computeCreditsMonthly,
    current_period_start: period.start.toISOString(),
    current_period_end: period.end.toISOString(),
    tier_since: new Date(row.tier_since).toISOString(),
    billing_email: row.billing_email ?? 'Unknown',
    payment_method: await readPaymentMethod(platform, org),
    restriction_status: row.restriction_status,
    restriction_data: shownRestrictionData(row.restriction_status, row.restriction_data),
  }
}

/** What moving to `tier` would cost per month and do; changes nothing. */
export async function previewSubscription(platform: Platform, org: OrgAccess, tier: PlanTier, now = new Date()): Promise<SubscriptionPreview> {
  const row = await readOrganization(platform.db, org.id)
  const period = monthOf(now)
  const { usage } = await periodUsage(platform, org.id, period, now)
  const projected = priceUsage(tier, projectUsage(usage, elapsedFraction(period, now)))
  const side = (t: PlanTier) => ({ tier: t, plan: planOf(t), price_monthly: planNumbers(TIERS[t].plan).priceMonthly })
  return {
    current: side(row.tier),
    target: side(tier),
    change: changeKind(row.tier, tier),
    projected_monthly: costAnswer(projected),
    refusal: await refusalOf(platform.db, row, tier),
    notes: changeNotes({ tier: row.tier, slug: row.slug, restricted: row.restriction_status !== null }, tier),
  }
}

/**
 * Moves the organization to `tier` at once, or answers 400 with the preview's refusal. The same
 * tier changes nothing. An upgrade lifts a restriction at once (the next usage sample measures
 * the organization against its new plan): a restricted organization's projects serve requests
 * again as soon as it upgrades. The episode's grace end and last time over quota stay: back on a
 * capped plan and over quota again, it resumes instead of starting a new grace period
 * (lib/restrictions.ts).
 */
export async function changeSubscription(platform: Platform, org: OrgAccess, user: AuthUser, tier: PlanTier): Promise<Subscription> {
  const change = await platform.db.transaction(async (tx) => {
    const locked = await lockOrganizationPlan(tx, org.id)
    if (locked.tier === tier) return null
    const refusal = await refusalOf(tx, locked, tier)
    if (refusal) throw badRequest(refusal, refusalDetails(tier))
    const plan = TIERS[tier].plan
    const lift = changeKind(locked.tier, tier) === 'upgrade'
    await tx.query(
      `update organizations set tier = $2, plan = $3
         ${lift ? ', restriction_status = null, quota_note = null' : ''}
       where id = $1`,
      [org.id, tier, plan]
    )
    // clock_timestamp, not now(): the order of two changes is the order they took the lock in.
    await tx.query(`insert into organization_subscriptions (organization_id, tier, started_at, changed_by) values ($1, $2, clock_timestamp(), $3)`, [
      org.id,
      tier,
      user.id,
    ])
    // Projects are on their organization's plan; their own column is kept in step with it.
    await tx.query(`update projects set plan = $2 where organization_id = $1 and plan <> $2`, [org.id, plan])
    return { from: locked.tier, to: tier, name: locked.name }
  })
  if (change)
    await recordAudit(platform.db, {
      organizationId: org.id,
      action: 'subscription.changed',
      actor: { id: user.id, email: user.email },
      target: { type: 'subscription', id: org.slug, name: change.name },
      details: { from: change.from, to: change.to },
    })
  return readSubscription(platform, org)
}

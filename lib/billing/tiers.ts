/**
 * Plan tiers (SPEC §3) as an organization subscribes to them. A tier is a plan and a spend cap:
 * Pro comes with its spend cap on (usage beyond the included amounts is not sold: the organization
 * is restricted instead, as on Free); Pay as you go is Pro with it off (that usage is billed).
 * Team and Enterprise bill it. Compute hours are billed on every paid tier, spend cap or not.
 */
import type { PlanId } from '../api-types/plans'
import type { PlanTier } from '../api-types/organizations'

export type TierInfo = { plan: PlanId; spendCap: boolean; label: string }

export const TIERS: Record<PlanTier, TierInfo> = {
  tier_free: { plan: 'free', spendCap: true, label: 'Free' },
  tier_pro: { plan: 'pro', spendCap: true, label: 'Pro' },
  tier_payg: { plan: 'pro', spendCap: false, label: 'Pro (pay as you go)' },
  tier_team: { plan: 'team', spendCap: false, label: 'Team' },
  tier_enterprise: { plan: 'enterprise', spendCap: false, label: 'Enterprise' },
}

/** Over a quota, an organization on a capped tier is restricted (after a grace period) instead of billed. */
export const restrictsOverQuota = (tier: PlanTier) => TIERS[tier].spendCap

/** Order of the tiers from the cheapest: a move up the list is an upgrade. */
export const TIER_ORDER: readonly PlanTier[] = ['tier_free', 'tier_pro', 'tier_payg', 'tier_team', 'tier_enterprise']

export function changeKind(from: PlanTier, to: PlanTier): 'upgrade' | 'downgrade' | 'none' {
  const delta = TIER_ORDER.indexOf(to) - TIER_ORDER.indexOf(from)
  return delta > 0 ? 'upgrade' : delta < 0 ? 'downgrade' : 'none'
}

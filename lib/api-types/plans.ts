/** Plan identifiers as organizations and projects store them, with their display names. */
export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const
export type PlanId = (typeof PLAN_IDS)[number]

export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' }

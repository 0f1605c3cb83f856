/**
 * The public plan cards and comparison table (GET /platform/plans). Both are built from the plan
 * table at load, so the pricing page always shows the numbers the platform bills with.
 */
import type { PlansAnswer } from '@/lib/api-types'
import { PLAN_CARDS } from '@/lib/billing/plan-cards'
import { COMPARISON } from '@/lib/billing/comparison'

export function listPlans(): PlansAnswer {
  return { plans: PLAN_CARDS, comparison: COMPARISON }
}

import type { CostAnswer } from '@/lib/api-types'
import type { Cost } from '@/lib/billing/cost'

/** A priced period as the API answers it (the `cost` schema of lib/api-types/billing.ts). */
export function costAnswer(cost: Cost): CostAnswer {
  return {
    base: cost.base,
    lines: cost.lines.map(({ metric, usage, included, overage, price, per, billed, amount }) => ({ metric, usage, included, overage, price, per, billed, amount })),
    usage: cost.usage,
    credits_applied: cost.creditsApplied,
    total: cost.total,
  }
}

/** A project's realtime limits by its plan (SPEC §9): connections at once and the largest message. */
import type { PlanId } from '@/lib/api-types'
import { planNumbers } from '@/lib/billing/plan-table'

export type RealtimeLimits = { maxMessageBytes: number; /** null: no limit (billed by the peak). */ maxConnections: number | null }

export function realtimeLimits(plan: PlanId | undefined): RealtimeLimits {
  const numbers = planNumbers(plan ?? 'free')
  const connections = numbers.quotas.REALTIME_PEAK_CONNECTIONS
  return { maxMessageBytes: numbers.limits.realtimeMaxMessageBytes, maxConnections: connections.overage ? null : connections.included }
}

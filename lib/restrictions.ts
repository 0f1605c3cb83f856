/**
 * An organization's restriction status (SPEC §4) from what the platform measured, one sample at
 * a time. Over a quota, an organization first gets a grace period; still over when it ends, its
 * projects are restricted (they refuse SQL). Back under quota, the grace is spent: the status is
 * grace_period_over (the next time over quota restricts at once) until it has stayed under quota
 * for a whole grace length. A plan without restricting quotas is never restricted.
 */
import type { RestrictionStatus } from './api-types/organizations'

export type RestrictionState = {
  status: RestrictionStatus | null
  /** When the grace period ends (or ended); kept while grace_period_over or restricted. */
  gracePeriodEnd: Date | null
  /** The last sample that found the organization over quota. */
  lastOverQuotaAt: Date | null
}

export const UNRESTRICTED: RestrictionState = { status: null, gracePeriodEnd: null, lastOverQuotaAt: null }

export type Sample = {
  overQuota: boolean
  /** False for plans whose usage beyond quota is billed instead (paid plans). */
  planRestricts: boolean
  now: Date
  graceMs: number
}

export function nextRestriction(state: RestrictionState, { overQuota, planRestricts, now, graceMs }: Sample): RestrictionState {
  if (!planRestricts) return UNRESTRICTED
  const graceOver = state.gracePeriodEnd !== null && now.getTime() >= state.gracePeriodEnd.getTime()
  if (overQuota) {
    switch (state.status) {
      case null:
        return { status: 'grace_period', gracePeriodEnd: new Date(now.getTime() + graceMs), lastOverQuotaAt: now }
      case 'grace_period':
        return { ...state, status: graceOver ? 'restricted' : 'grace_period', lastOverQuotaAt: now }
      case 'grace_period_over':
      case 'restricted':
        return { ...state, status: 'restricted', lastOverQuotaAt: now }
    }
  }
  switch (state.status) {
    case null:
      return UNRESTRICTED
    case 'grace_period':
      // The grace period runs to its end even when usage drops meanwhile: one grace per episode.
      return graceOver ? { ...state, status: 'grace_period_over' } : state
    case 'grace_period_over':
    case 'restricted': {
      const calmSince = state.lastOverQuotaAt ?? state.gracePeriodEnd ?? now
      return now.getTime() - calmSince.getTime() >= graceMs ? UNRESTRICTED : { ...state, status: 'grace_period_over' }
    }
  }
}

/** Whether a project of an organization in this status may serve SQL. */
export const servesRequests = (status: RestrictionStatus | null) => status !== 'restricted'

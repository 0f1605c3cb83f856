/**
 * An organization's restriction status (SPEC §4) from what the platform measured, one sample at
 * a time. Over a quota, an organization first gets a grace period; still over when it ends, its
 * projects are restricted (they refuse SQL). Back under quota, the grace is spent: the status is
 * grace_period_over (the next time over quota restricts at once) until it has stayed under quota
 * for a whole grace length. A plan without restricting quotas is never restricted.
 *
 * An upgrade lifts a restriction at once (status null) but the episode is remembered (its grace
 * end and last time over quota) until a whole grace length has passed without going over: over
 * quota again meanwhile (after a move back to a capped plan) resumes it where it was, instead of
 * giving a fresh grace period. Moving up and down cannot buy grace after grace.
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

/** Lifted (status null), the episode kept until a whole grace length without going over quota. */
function lifted(state: RestrictionState, now: Date, graceMs: number): RestrictionState {
  const calmSince = state.lastOverQuotaAt ?? state.gracePeriodEnd
  if (!calmSince || now.getTime() - calmSince.getTime() >= graceMs) return UNRESTRICTED
  return { ...state, status: null }
}

export function nextRestriction(state: RestrictionState, { overQuota, planRestricts, now, graceMs }: Sample): RestrictionState {
  if (!planRestricts) return lifted(state, now, graceMs)
  const graceOver = state.gracePeriodEnd !== null && now.getTime() >= state.gracePeriodEnd.getTime()
  if (overQuota) {
    switch (state.status) {
      case null:
        // An episode lifted by an upgrade and not over yet resumes: its grace was given already.
        if (lifted(state, now, graceMs).gracePeriodEnd) return { ...state, status: graceOver ? 'restricted' : 'grace_period', lastOverQuotaAt: now }
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
      return lifted(state, now, graceMs)
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

/**
 * The restriction data an answer shows: none without a status. An upgrade lifts the status and
 * keeps the episode's grace end for later (nextRestriction); it is not the organization's to see.
 */
export const shownRestrictionData = <T>(status: RestrictionStatus | null, data: T | null): T | null => (status ? data : null)

/** Whether a project of an organization in this status may serve SQL. */
export const servesRequests = (status: RestrictionStatus | null) => status !== 'restricted'

import { describe, expect, it } from 'vitest'
import { nextRestriction, servesRequests, UNRESTRICTED, type RestrictionState } from './restrictions'

const DAY = 86_400_000
const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY)
const sample = (overQuota: boolean, days: number, planRestricts = true) => ({ overQuota, planRestricts, now: at(days), graceMs: 7 * DAY })

/** Runs samples in order from no restriction and answers each status. */
function walk(samples: [boolean, number][]): (string | null)[] {
  let state: RestrictionState = UNRESTRICTED
  return samples.map(([over, day]) => (state = nextRestriction(state, sample(over, day))).status)
}

describe('nextRestriction', () => {
  it('stays unrestricted under quota', () => {
    expect(walk([[false, 0], [false, 30]])).toEqual([null, null])
  })

  it('over quota starts a grace period that ends a grace length later', () => {
    const state = nextRestriction(UNRESTRICTED, sample(true, 0))
    expect(state).toEqual({ status: 'grace_period', gracePeriodEnd: at(7), lastOverQuotaAt: at(0) })
  })

  it('still over quota when the grace period ends: restricted', () => {
    expect(walk([[true, 0], [true, 3], [true, 7]])).toEqual(['grace_period', 'grace_period', 'restricted'])
  })

  it('back under quota during the grace period: it runs to its end, then grace_period_over', () => {
    expect(walk([[true, 0], [false, 2], [false, 6.9], [false, 7]])).toEqual(['grace_period', 'grace_period', 'grace_period', 'grace_period_over'])
  })

  it('after the grace period, over quota again restricts at once', () => {
    expect(walk([[true, 0], [false, 7], [true, 8]])).toEqual(['grace_period', 'grace_period_over', 'restricted'])
  })

  it('restricted, then under quota: grace_period_over until a whole grace length without being over, then clear', () => {
    expect(walk([[true, 0], [true, 7], [true, 9], [false, 10], [false, 15.9], [false, 16]])).toEqual([
      'grace_period',
      'restricted',
      'restricted',
      'grace_period_over',
      'grace_period_over',
      null,
    ])
  })

  it('keeps the grace period end through restriction, for the banner and the error', () => {
    let state = nextRestriction(UNRESTRICTED, sample(true, 0))
    state = nextRestriction(state, sample(true, 8))
    expect(state.status).toBe('restricted')
    expect(state.gracePeriodEnd).toEqual(at(7))
  })

  it('a plan that does not restrict lifts every status at once, and forgets the episode after a whole grace length', () => {
    let state = nextRestriction(UNRESTRICTED, sample(true, 0))
    state = nextRestriction(state, sample(true, 8))
    const lifted = nextRestriction(state, sample(true, 8.1, false))
    expect(lifted.status).toBeNull()
    expect(nextRestriction(lifted, sample(false, 15.1, false))).toEqual(UNRESTRICTED)
  })

  it('an episode lifted by an upgrade resumes when over quota again on a capped plan: no fresh grace period', () => {
    let state = nextRestriction(UNRESTRICTED, sample(true, 0))
    state = nextRestriction(state, sample(true, 8))
    expect(state.status).toBe('restricted')
    // Upgraded (the platform sets the status to null and keeps the rest), then back on Free.
    state = { ...state, status: null }
    state = nextRestriction(state, sample(false, 8.1))
    expect(state.status).toBeNull()
    expect(nextRestriction(state, sample(true, 8.2)).status).toBe('restricted')
    // Lifted while the grace period still ran: it goes on to its first end.
    let early = nextRestriction(UNRESTRICTED, sample(true, 0))
    early = { ...early, status: null }
    const resumed = nextRestriction(early, sample(true, 3))
    expect(resumed).toMatchObject({ status: 'grace_period', gracePeriodEnd: at(7) })
    // A whole grace length without going over: a new episode gets a new grace period.
    expect(nextRestriction(state, sample(true, 15.3))).toMatchObject({ status: 'grace_period', gracePeriodEnd: at(22.3) })
  })

  it('only restricted projects stop serving', () => {
    expect([null, 'grace_period', 'grace_period_over', 'restricted'].map((s) => servesRequests(s as never))).toEqual([true, true, true, false])
  })
})

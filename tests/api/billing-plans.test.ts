// @vitest-environment node
/**
 * GET /platform/plans: the plan cards and the comparison table, public as a pricing page is, with
 * the numbers the platform bills with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { plansAnswer } from '@/lib/api-types'
import { PLAN_CARDS } from '@/lib/billing/plan-cards'
import { COMPARISON } from '@/lib/billing/comparison'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform

beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => {
  await tp?.close()
})

describe('GET /platform/plans', () => {
  it('answers anyone, without a session, with the cards and the comparison table', async () => {
    const res = await tp.call('GET', '/platform/plans')
    expect(res.status).toBe(200)
    expect(plansAnswer.parse(res.body)).toEqual(res.body)
    expect(res.body).toEqual(JSON.parse(JSON.stringify({ plans: PLAN_CARDS, comparison: COMPARISON })))
  })

  it('answers the prices of the plan table', async () => {
    const { body } = await tp.call('GET', '/platform/plans')
    expect(body.plans.map((p: { id: string; priceMonthly: number | string }) => [p.id, p.priceMonthly])).toEqual([
      ['tier_free', 0],
      ['tier_pro', 25],
      ['tier_team', 599],
      ['tier_enterprise', 'Custom'],
    ])
  })

  it('answers a signed-in user the same', async () => {
    const { token } = await tp.signUp()
    const [anonymous, signedIn] = await Promise.all([tp.call('GET', '/platform/plans'), tp.call('GET', '/platform/plans', { token })])
    expect(signedIn.status).toBe(200)
    expect(signedIn.body).toEqual(anonymous.body)
  })

  it('is read-only: another method is refused', async () => {
    const res = await tp.call('POST', '/platform/plans', { body: {} })
    expect(res.status).toBe(405)
    expect(res.body.message).toBe('Method POST is not allowed on /platform/plans')
  })
})

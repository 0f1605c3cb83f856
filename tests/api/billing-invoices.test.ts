// @vitest-environment node
/**
 * Monthly statements over HTTP, computed from the tier history and the stored usage: one per
 * month since the organization began, newest first; the plan's price prorated by the days on
 * each tier; billed usage in readable units; compute credits; lines that add up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Invoice } from '@/lib/api-types'
import { roundCents } from '@/lib/billing/money'
import { dayOf, daysOf, monthId, monthOf, type Period } from '@/lib/billing/period'
import { GB } from '@/lib/billing/plan-table'
import { BACKENDS, ownerWithOrg } from '../helpers/project-backends'
import type { TestPlatform } from '../helpers/test-platform'

const DAY = 86_400_000
const previous = (month: Period) => monthOf(new Date(month.start.getTime() - 1))

/** Every statement adds up as printed: the lines to the subtotal, the subtotal less credits to the total. */
function expectAddsUp(statement: Invoice) {
  expect(statement.subtotal).toBe(roundCents(statement.lines.reduce((sum, line) => sum + line.amount, 0)))
  expect(statement.total).toBe(roundCents(statement.subtotal - statement.credits))
  for (const line of statement.lines) expect(line.amount).toBe(roundCents(line.amount))
}

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`statements: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
    })
    afterAll(async () => stop?.())

    const statements = async (token: string, slug: string) => {
      const res = await tp.call('GET', `/platform/organizations/${slug}/billing/invoices`, { token })
      expect(res.status).toBe(200)
      return res.body as Invoice[]
    }

    /** The organization began at `createdAt` on `tiers[0]`, then changed tier at each later moment. */
    async function rewriteHistory(organizationId: number, createdAt: Date, tiers: [string, Date][]) {
      await tp.platform.db.query('update organizations set created_at = $2 where id = $1', [organizationId, createdAt])
      await tp.platform.db.query('delete from organization_subscriptions where organization_id = $1', [organizationId])
      for (const [tier, at] of tiers)
        await tp.platform.db.query('insert into organization_subscriptions (organization_id, tier, started_at) values ($1, $2, $3)', [organizationId, tier, at])
      const last = tiers[tiers.length - 1][0]
      await tp.platform.db.query('update organizations set tier = $2, plan = $3 where id = $1', [organizationId, last, last.replace('tier_', '')])
    }

    const store = (organizationId: number, day: Date, metric: string, ref: string, value: number) =>
      tp.platform.db.query(
        `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value) values ($1, $2, $3, $4, $5, $6)`,
        [organizationId, dayOf(day), metric, ref, `Project ${ref}`, value]
      )

    it('answers one upcoming statement for a new Free organization, from its first day', async () => {
      const { token, org } = await ownerWithOrg(tp, 'New Org')
      const now = new Date()
      const month = monthOf(now)
      const [only, ...rest] = await statements(token, org.slug)
      expect(rest).toEqual([])
      const days = daysOf(month).length
      const fromToday = days - now.getUTCDate() + 1
      expect(only).toMatchObject({
        id: monthId(month),
        status: 'upcoming',
        currency: 'USD',
        period_start: month.start.toISOString(),
        period_end: month.end.toISOString(),
        subtotal: 0,
        credits: 0,
        total: 0,
      })
      expect(only.lines).toEqual([
        { description: `Free plan (${fromToday} of ${days} days)`, quantity: Math.round((fromToday / days) * 10_000) / 10_000, unit: 'month', unit_price: 0, amount: 0 },
      ])
    })

    it('prorates the price by the days on each tier, bills usage of the tier at the month end, applies credits', async () => {
      const { token, org } = await ownerWithOrg(tp, 'History Org')
      const now = new Date()
      const current = monthOf(now)
      const last = previous(current)
      const before = previous(last)
      const createdAt = new Date(before.start.getTime() + 5 * DAY) // the 6th
      const proAt = new Date(last.start.getTime() + 10 * DAY + 12 * 3_600_000) // the 11th at noon
      const teamAt = new Date(Math.max(current.start.getTime(), now.getTime() - 1000))
      await rewriteHistory(org.id, createdAt, [
        ['tier_free', createdAt],
        ['tier_pro', proAt],
        ['tier_team', teamAt],
      ])
      // Last month: 1,000 compute hours (billed on Pro, less $10 credits) and a 10 GB database (not billed: Pro has its spend cap).
      await store(org.id, new Date(last.start.getTime() + 20 * DAY), 'COMPUTE_HOURS', 'worker', 1000)
      await store(org.id, new Date(last.start.getTime() + 20 * DAY), 'DATABASE_SIZE', 'worker', 10 * GB)
      // This month, on Team: a 10 GB database, 2 GB beyond the 8 GB included, billed.
      await store(org.id, now, 'DATABASE_SIZE', 'big', 10 * GB)

      const list = await statements(token, org.slug)
      expect(list.map((s) => [s.id, s.status])).toEqual([
        [monthId(current), 'upcoming'],
        [monthId(last), 'issued'],
        [monthId(before), 'issued'],
      ])
      list.forEach(expectAddsUp)
      const [thisMonth, lastMonth, firstMonth] = list

      const firstDays = daysOf(before).length
      expect(firstMonth.lines).toEqual([
        { description: `Free plan (${firstDays - 5} of ${firstDays} days)`, quantity: expect.any(Number), unit: 'month', unit_price: 0, amount: 0 },
      ])
      expect(firstMonth.total).toBe(0)

      const lastDays = daysOf(last).length
      expect(lastMonth.lines.slice(0, 2)).toEqual([
        { description: `Free plan (10 of ${lastDays} days)`, quantity: Math.round((10 / lastDays) * 10_000) / 10_000, unit: 'month', unit_price: 0, amount: 0 },
        {
          description: `Pro plan (${lastDays - 10} of ${lastDays} days)`,
          quantity: Math.round(((lastDays - 10) / lastDays) * 10_000) / 10_000,
          unit: 'month',
          unit_price: 25,
          amount: roundCents((25 * (lastDays - 10)) / lastDays),
        },
      ])
      expect(lastMonth.lines.slice(2)).toEqual([{ description: 'Compute hours (Micro)', quantity: 1000, unit: 'hours', unit_price: 0.01344, amount: 13.44 }])
      expect(lastMonth.credits).toBe(10)
      expect(lastMonth.total).toBe(roundCents(roundCents((25 * (lastDays - 10)) / lastDays) + 13.44 - 10))

      const days = daysOf(current).length
      const proDays = teamAt.getUTCDate() - 1
      const base = [
        ...(proDays > 0 ? [{ description: `Pro plan (${proDays} of ${days} days)`, unit_price: 25, amount: roundCents((25 * proDays) / days) }] : []),
        { description: `Team plan (${days - proDays} of ${days} days)`, unit_price: 599, amount: roundCents((599 * (days - proDays)) / days) },
      ]
      expect(thisMonth.lines.slice(0, base.length)).toMatchObject(base)
      expect(thisMonth.lines.slice(base.length)).toEqual([
        { description: 'Database size beyond 8 GB per project included', quantity: 2, unit: 'GB', unit_price: 0.125, amount: 0.25 },
        { description: 'Compute hours (Micro)', quantity: 0, unit: 'hours', unit_price: 0.01344, amount: 0 },
      ])
      expect(thisMonth.credits).toBe(0)
      expect(thisMonth.total).toBe(roundCents(base.reduce((sum, line) => sum + line.amount, 0) + 0.25))
    })

    it('says an Enterprise price is agreed with our team, and bills nothing for it', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Enterprise Org')
      const month = monthOf(new Date())
      await rewriteHistory(org.id, month.start, [['tier_enterprise', month.start]])
      const [statement] = await statements(token, org.slug)
      const days = daysOf(month).length
      expect(statement.lines[0]).toEqual({
        description: `Enterprise plan (${days} of ${days} days): agreed with our team`,
        quantity: 1,
        unit: 'month',
        unit_price: null,
        amount: 0,
      })
      expectAddsUp(statement)
    })

    it('answers at most 36 statements, the newest first', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Old Org')
      const createdAt = new Date(Date.now() - 4 * 366 * DAY)
      await rewriteHistory(org.id, createdAt, [['tier_pro', createdAt]])
      const list = await statements(token, org.slug)
      expect(list).toHaveLength(36)
      expect(list[0].id).toBe(monthId(monthOf(new Date())))
      expect([...list.map((s) => s.id)].sort().reverse()).toEqual(list.map((s) => s.id))
      expect(list.slice(1).every((s) => s.status === 'issued' && s.total === 25)).toBe(true)
    })
  })
}

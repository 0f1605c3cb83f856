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

    it('prorates the price by the days on each tier, bills each run of days on its own tier, applies the credits of those days', async () => {
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
      // The compute hours fell in the Pro days; the Free days bill none. Credits for the Pro days only.
      const proShare = (lastDays - 10) / lastDays
      expect(lastMonth.lines.slice(2)).toEqual([
        { description: `Compute hours (Micro) (Pro, ${lastDays - 10} days)`, quantity: 1000, unit: 'hours', unit_price: 0.01344, amount: 13.44 },
      ])
      expect(lastMonth.credits).toBe(roundCents(10 * proShare))
      expect(lastMonth.total).toBe(roundCents(roundCents(25 * proShare) + 13.44 - roundCents(10 * proShare)))

      const days = daysOf(current).length
      const proDays = teamAt.getUTCDate() - 1
      const base = [
        ...(proDays > 0 ? [{ description: `Pro plan (${proDays} of ${days} days)`, unit_price: 25, amount: roundCents((25 * proDays) / days) }] : []),
        { description: `Team plan (${days - proDays} of ${days} days)`, unit_price: 599, amount: roundCents((599 * (days - proDays)) / days) },
      ]
      expect(thisMonth.lines.slice(0, base.length)).toMatchObject(base)
      // Today is on Team (the highest tier held today), and the database peak is billed for the Team days' share.
      const teamDays = days - proDays
      const label = (tier: string, n: number) => (proDays > 0 ? ` (${tier}, ${n} ${n === 1 ? 'day' : 'days'})` : '')
      const disk = 0.25 * (teamDays / days)
      expect(thisMonth.lines.slice(base.length)).toEqual([
        ...(proDays > 0 ? [{ description: `Compute hours (Micro)${label('Pro', proDays)}`, quantity: 0, unit: 'hours', unit_price: 0.01344, amount: 0 }] : []),
        { description: `Database size beyond 8 GB per project included${label('Team', teamDays)}`, quantity: 2, unit: 'GB', unit_price: 0.125, amount: roundCents(disk) },
        { description: `Compute hours (Micro)${label('Team', teamDays)}`, quantity: 0, unit: 'hours', unit_price: 0.01344, amount: 0 },
      ])
      expect(thisMonth.credits).toBe(0)
      expect(thisMonth.total).toBe(roundCents(base.reduce((sum, line) => sum + line.amount, 0) + roundCents(disk)))
    })

    it('bills a month on a billed tier left on its last day: usage is priced on the tier of the days it was used', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Leaver Org')
      const last = previous(monthOf(new Date()))
      const lastDays = daysOf(last).length
      await rewriteHistory(org.id, last.start, [
        ['tier_payg', last.start],
        ['tier_pro', new Date(last.end.getTime() - 3_600_000)],
      ])
      // 300 GB of egress on day 5: 50 GB beyond the 250 GB included, billed on pay as you go.
      await store(org.id, new Date(last.start.getTime() + 4 * DAY), 'EGRESS', 'worker', 300 * GB)
      const lastMonth = (await statements(token, org.slug)).find((s) => s.id === monthId(last))!
      // The last day counts as pay as you go too: it was held that day.
      expect(lastMonth.lines[0]).toMatchObject({ description: `Pro (pay as you go) plan (${lastDays} of ${lastDays} days)`, amount: 25 })
      expect(lastMonth.lines).toContainEqual(expect.objectContaining({ description: 'Egress beyond 250 GB included', quantity: 50, amount: 4.5 }))
      expectAddsUp(lastMonth)
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

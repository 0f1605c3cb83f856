/**
 * Monthly statements, computed from what the platform stored (nothing is charged: there is no
 * card processor). One per calendar month (UTC) from the organization's first month to the
 * current one, newest first; the current month is 'upcoming' (its usage so far), the others
 * 'issued'.
 *
 * A statement's lines: the plan's price for the days of the month spent on each tier, then the
 * usage each tier bills for its own days (priceUsage, the same figures as the usage page), less
 * the compute credits of those days. A day counts at the highest tier held at any moment of it
 * (a tier taken and left within one day is still billed for that day), and days before the
 * organization existed are not billed. Peak figures (database size, users) are billed for the
 * share of the month their run of days covers; summed figures (egress, hours) for what the run
 * used. So leaving a billed tier on the month's last day does not unbill the month, and days on
 * Free before an upgrade are not priced as Pro. Each line is rounded to cents and the subtotal is
 * their sum, so a statement adds up as printed.
 */
import type { Invoice, PlanTier } from '@/lib/api-types'
import { METRIC_AGGREGATION, priceUsage, type CostLine } from '@/lib/billing/cost'
import { METRIC_INFO, formatUsage } from '@/lib/billing/metrics'
import { roundCents } from '@/lib/billing/money'
import { daysOf, monthId, monthOf, type Period } from '@/lib/billing/period'
import { GB, planNumbers, type UsageMetric } from '@/lib/billing/plan-table'
import { TIER_ORDER, TIERS } from '@/lib/billing/tiers'
import type { Platform } from '../kernel/platform'
import type { OrgAccess } from '../kernel/handler-types'
import { periodUsage } from './period-usage'
import { PlatformError } from '../kernel/errors'
import { ORGANIZATION_GONE } from '../orgs/organization-lock'

/** Statements answered at most: three years. */
export const MAX_STATEMENTS = 36

type TierChange = { tier: PlanTier; started_at: Date }
type InvoiceLine = Invoice['lines'][number]

export async function listInvoices(platform: Platform, org: OrgAccess, now = new Date()): Promise<Invoice[]> {
  const [row] = await platform.db.query<{ created_at: Date | string }>('select created_at from organizations where id = $1', [org.id])
  // Deleted between the check of the caller's role and now.
  if (!row) throw new PlatformError(404, ORGANIZATION_GONE)
  const { created_at } = row
  const history = (
    await platform.db.query<{ tier: PlanTier; started_at: Date | string }>(
      'select tier, started_at from organization_subscriptions where organization_id = $1 order by started_at, id',
      [org.id]
    )
  ).map((row) => ({ tier: row.tier, started_at: new Date(row.started_at) }))
  const current = monthOf(now)
  const first = monthOf(new Date(created_at))
  const months: Period[] = []
  for (let month = current; months.length < MAX_STATEMENTS && month.start >= first.start; month = monthOf(new Date(month.start.getTime() - 1)))
    months.push(month)
  const statements: Invoice[] = []
  for (const month of months) statements.push(await statement(platform, org.id, history, month, now))
  return statements
}

/** The tier in effect at `moment`: the last change before it; none before the organization existed. */
function tierAt(history: readonly TierChange[], moment: Date): PlanTier | null {
  let tier: PlanTier | null = null
  for (const change of history) if (change.started_at < moment) tier = change.tier
  return tier
}

async function statement(platform: Platform, organizationId: number, history: readonly TierChange[], month: Period, now: Date): Promise<Invoice> {
  const upcoming = now < month.end
  const runs = tierRuns(history, month)
  const lines = baseLines(runs, daysOf(month).length)
  let credits = 0
  for (const run of runs) {
    const share = run.days / daysOf(month).length
    const { usage } = await periodUsage(platform, organizationId, { start: run.start, end: run.end }, now)
    const cost = priceUsage(run.tier, usage)
    const numbers = planNumbers(TIERS[run.tier].plan)
    const label = runs.length > 1 ? ` (${TIERS[run.tier].label}, ${run.days} ${run.days === 1 ? 'day' : 'days'})` : ''
    let compute = 0
    for (const line of cost.lines) {
      // A peak is billed for the share of the month this run covers; a sum for what the run used.
      const amount = METRIC_AGGREGATION[line.metric] !== 'sum' ? line.amount * share : line.amount
      if (line.metric === 'COMPUTE_HOURS') compute = amount
      if (line.billed && (amount > 0 || line.metric === 'COMPUTE_HOURS')) lines.push(usageLine({ ...line, amount }, numbers.compute.name, label))
    }
    credits += Math.min(numbers.computeCreditsMonthly * share, compute)
  }
  const subtotal = roundCents(lines.reduce((sum, line) => sum + line.amount, 0))
  credits = roundCents(credits)
  return {
    id: monthId(month),
    period_start: month.start.toISOString(),
    period_end: month.end.toISOString(),
    status: upcoming ? 'upcoming' : 'issued',
    currency: 'USD',
    lines,
    subtotal,
    credits,
    total: roundCents(subtotal - credits),
  }
}

type TierRun = { tier: PlanTier; start: Date; end: Date; days: number }

const DAY_MS = 86_400_000

/** The tier a day is billed at: the highest held at any moment of it; null before the organization existed. */
function tierOfDay(history: readonly TierChange[], dayStart: Date): PlanTier | null {
  const dayEnd = new Date(dayStart.getTime() + DAY_MS)
  const held = history.filter((change) => change.started_at >= dayStart && change.started_at < dayEnd).map((change) => change.tier)
  const atStart = tierAt(history, new Date(dayStart.getTime() + 1))
  if (atStart) held.push(atStart)
  if (!held.length) return null
  return held.reduce((a, b) => (TIER_ORDER.indexOf(b) > TIER_ORDER.indexOf(a) ? b : a))
}

/** The month's days in runs of one tier, in order. */
function tierRuns(history: readonly TierChange[], month: Period): TierRun[] {
  const runs: TierRun[] = []
  for (const day of daysOf(month)) {
    const start = new Date(`${day}T00:00:00Z`)
    const tier = tierOfDay(history, start)
    const last = runs[runs.length - 1]
    if (tier && last?.tier === tier && last.end.getTime() === start.getTime()) {
      last.end = new Date(start.getTime() + DAY_MS)
      last.days++
    } else if (tier) runs.push({ tier, start, end: new Date(start.getTime() + DAY_MS), days: 1 })
  }
  return runs
}

/** The plan's price for the days of the month on each tier, one line per tier in the order they came. */
function baseLines(runs: readonly TierRun[], daysInMonth: number): InvoiceLine[] {
  const daysOnTier = new Map<PlanTier, number>()
  for (const run of runs) daysOnTier.set(run.tier, (daysOnTier.get(run.tier) ?? 0) + run.days)
  return [...daysOnTier].map(([tier, count]) => {
    const price = planNumbers(TIERS[tier].plan).priceMonthly
    const share = count / daysInMonth
    const period = `${count} of ${daysInMonth} days`
    if (price === null)
      return { description: `${TIERS[tier].label} plan (${period}): agreed with our team`, quantity: round4(share), unit: 'month', unit_price: null, amount: 0 }
    return { description: `${TIERS[tier].label} plan (${period})`, quantity: round4(share), unit: 'month', unit_price: price, amount: roundCents(price * share) }
  })
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/** What counted metrics are counted in, on a statement line. */
const NOUNS: Partial<Record<UsageMetric, string>> = {
  MONTHLY_ACTIVE_USERS: 'users',
  ACTIVE_PROJECTS: 'projects',
  STORAGE_IMAGE_TRANSFORMATIONS: 'images',
  FUNCTION_INVOCATIONS: 'invocations',
  REALTIME_MESSAGES: 'messages',
  REALTIME_PEAK_CONNECTIONS: 'connections',
}

const groupOf = (per: number) => (per === 1_000_000 ? 'million' : new Intl.NumberFormat('en-US').format(per))

/** A billed usage line in a unit people read: GB for sizes, hours, users (or millions of messages …). */
function usageLine(line: CostLine, computeName: string, label = ''): InvoiceLine {
  const info = METRIC_INFO[line.metric]
  const price = line.price ?? 0
  const amount = roundCents(line.amount)
  if (line.metric === 'COMPUTE_HOURS')
    return { description: `Compute hours (${computeName})${label}`, quantity: round4(line.overage), unit: 'hours', unit_price: price / line.per, amount }
  const beyond = line.included === null ? '' : ` beyond ${formatUsage(info.unit, line.included)}${line.metric === 'DATABASE_SIZE' ? ' per project' : ''} included`
  const description = `${info.name}${beyond}${label}`
  if (info.unit === 'bytes') return { description, quantity: round4(line.overage / GB), unit: 'GB', unit_price: (price * GB) / line.per, amount }
  if (info.unit === 'hours') return { description, quantity: round4(line.overage), unit: 'hours', unit_price: price / line.per, amount }
  const noun = NOUNS[line.metric] ?? 'units'
  if (line.per === 1) return { description, quantity: round4(line.overage), unit: noun, unit_price: price, amount }
  return { description, quantity: round4(line.overage / line.per), unit: `${groupOf(line.per)} ${noun}`, unit_price: price, amount }
}

/**
 * Monthly statements, computed from what the platform stored (nothing is charged: there is no
 * card processor). One per calendar month (UTC) from the organization's first month to the
 * current one, newest first; the current month is 'upcoming' (its usage so far), the others
 * 'issued'.
 *
 * A statement's lines: the plan's price for the days of the month spent on each tier (the tier
 * history; a day counts at the tier in effect at its end, and days before the organization
 * existed are not billed), then the usage the tier in effect at the month's end bills (priceUsage,
 * the same figures as the usage page), less the compute credits. Each line is rounded to cents and
 * the subtotal is their sum, so a statement adds up as printed.
 */
import type { Invoice, PlanTier } from '@/lib/api-types'
import { priceUsage, type CostLine } from '@/lib/billing/cost'
import { METRIC_INFO, formatUsage } from '@/lib/billing/metrics'
import { roundCents } from '@/lib/billing/money'
import { daysOf, monthId, monthOf, type Period } from '@/lib/billing/period'
import { GB, planNumbers, type UsageMetric } from '@/lib/billing/plan-table'
import { TIERS } from '@/lib/billing/tiers'
import type { Platform } from '../platform'
import type { OrgAccess } from '../http/types'
import { periodUsage } from './period-usage'

/** Statements answered at most: three years. */
export const MAX_STATEMENTS = 36

type TierChange = { tier: PlanTier; started_at: Date }
type InvoiceLine = Invoice['lines'][number]

export async function listInvoices(platform: Platform, org: OrgAccess, now = new Date()): Promise<Invoice[]> {
  const [{ created_at }] = await platform.db.query<{ created_at: Date | string }>('select created_at from organizations where id = $1', [org.id])
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
  const lines = baseLines(history, month)
  const tierAtEnd = tierAt(history, month.end)
  let credits = 0
  if (tierAtEnd) {
    const { usage } = await periodUsage(platform, organizationId, month, now)
    const cost = priceUsage(tierAtEnd, usage)
    const compute = planNumbers(TIERS[tierAtEnd].plan).compute.name
    for (const line of cost.lines) if (line.billed && (line.amount > 0 || line.metric === 'COMPUTE_HOURS')) lines.push(usageLine(line, compute))
    credits = cost.creditsApplied
  }
  const subtotal = roundCents(lines.reduce((sum, line) => sum + line.amount, 0))
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

/** The plan's price for the days of the month on each tier, one line per tier in the order they came. */
function baseLines(history: readonly TierChange[], month: Period): InvoiceLine[] {
  const days = daysOf(month)
  const daysOnTier = new Map<PlanTier, number>()
  for (const day of days) {
    const tier = tierAt(history, new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000))
    if (tier) daysOnTier.set(tier, (daysOnTier.get(tier) ?? 0) + 1)
  }
  return [...daysOnTier].map(([tier, count]) => {
    const price = planNumbers(TIERS[tier].plan).priceMonthly
    const share = count / days.length
    const period = `${count} of ${days.length} days`
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
  FUNCTION_INVOCATIONS: 'invocations',
  REALTIME_MESSAGES: 'messages',
  REALTIME_PEAK_CONNECTIONS: 'connections',
}

const groupOf = (per: number) => (per === 1_000_000 ? 'million' : new Intl.NumberFormat('en-US').format(per))

/** A billed usage line in a unit people read: GB for sizes, hours, users (or millions of messages …). */
function usageLine(line: CostLine, computeName: string): InvoiceLine {
  const info = METRIC_INFO[line.metric]
  const price = line.price ?? 0
  const amount = roundCents(line.amount)
  if (line.metric === 'COMPUTE_HOURS')
    return { description: `Compute hours (${computeName})`, quantity: round4(line.overage), unit: 'hours', unit_price: price / line.per, amount }
  const beyond = line.included === null ? '' : ` beyond ${formatUsage(info.unit, line.included)}${line.metric === 'DATABASE_SIZE' ? ' per project' : ''} included`
  const description = `${info.name}${beyond}`
  if (info.unit === 'bytes') return { description, quantity: round4(line.overage / GB), unit: 'GB', unit_price: (price * GB) / line.per, amount }
  if (info.unit === 'hours') return { description, quantity: round4(line.overage), unit: 'hours', unit_price: price / line.per, amount }
  const noun = NOUNS[line.metric] ?? 'units'
  if (line.per === 1) return { description, quantity: round4(line.overage), unit: noun, unit_price: price, amount }
  return { description, quantity: round4(line.overage / line.per), unit: `${groupOf(line.per)} ${noun}`, unit_price: price, amount }
}

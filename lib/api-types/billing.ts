/**
 * Organization billing (docs/billing.md): the subscription (a plan tier), usage measured by the
 * platform and its cost, monthly statements, tax ids, the payment method, the audit log and the
 * public plan cards and comparison table. Numbers come from lib/billing/plan-table.ts.
 */
import { z } from 'zod'
import { PLAN_IDS } from './plans'
import { PLAN_TIERS, RESTRICTION_STATUSES } from './organizations'
import { textField, timestamp } from './zod-helpers'
import { USAGE_METRICS, USAGE_UNITS } from '../billing/plan-table'
import { TAX_ID_TYPE_NAMES, taxIdProblem } from '../billing/tax-ids'

const tier = z.enum(PLAN_TIERS, { error: `tier must be one of ${PLAN_TIERS.join(', ')}` })
const planRef = z.object({ id: z.enum(PLAN_IDS), name: z.string() })
const usd = z.number()

// ————— Plans (public) —————

export const PARTNER_VARIANTS = ['supabase', 'vercel-marketplace'] as const

export const planCard = z.object({
  id: tier,
  name: z.string(),
  /** A badge beside the name ('Most popular'), or null. */
  nameBadge: z.string().nullable(),
  /** '/ month', or null for a custom price. */
  costUnit: z.string().nullable(),
  /** Where the card's button goes: a new project on this plan, or the enterprise contact form. */
  href: z.string(),
  /** Words before the price ('From'), or null. */
  priceLabel: z.string().nullable(),
  /** Dollars per month, or 'Custom'. */
  priceMonthly: z.union([z.number(), z.literal('Custom')]),
  description: z.string(),
  /** A line above the features ('Everything in the Free plan, plus:'), or null. */
  preface: z.string().nullable(),
  /** The features listed, for an organization of the platform and of a partner (slug vercel_…). */
  features: z.object({ supabase: z.array(z.string()), 'vercel-marketplace': z.array(z.string()) }),
  footer: z.string().nullable(),
  cta: z.string(),
  warning: z.string().nullable(),
})
export type PlanCard = z.infer<typeof planCard>

export const COMPARISON_GROUPS = ['database', 'auth', 'storage', 'edge_functions', 'realtime', 'dashboard', 'security', 'support'] as const
export type ComparisonGroupKey = (typeof COMPARISON_GROUPS)[number]

const comparisonCell = z.union([z.boolean(), z.string(), z.array(z.string())])
export const comparisonRow = z.object({
  key: z.string(),
  title: z.string(),
  plans: z.object({ free: comparisonCell, pro: comparisonCell, team: comparisonCell, enterprise: comparisonCell }),
  /** Priced by usage beyond what the plan includes. */
  usage_based: z.boolean(),
})
export type ComparisonRow = z.infer<typeof comparisonRow>
export const comparisonGroup = z.object({ key: z.enum(COMPARISON_GROUPS), title: z.string(), rows: z.array(comparisonRow) })
export type ComparisonGroup = z.infer<typeof comparisonGroup>

export const plansAnswer = z.object({ plans: z.array(planCard), comparison: z.array(comparisonGroup) })
export type PlansAnswer = z.infer<typeof plansAnswer>

// ————— Subscription —————

export const paymentMethod = z.object({
  /** 'none' on this platform: there is no card processor (server/billing/payment-processor.ts). */
  processor: z.literal('none'),
  /** The masked card number shown where a card would be: four groups of four asterisks. */
  masked: z.string(),
  card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }).nullable(),
  /** Why there is no card, in words for the page. */
  note: z.string(),
})
export type PaymentMethod = z.infer<typeof paymentMethod>

export const subscription = z.object({
  tier,
  plan: planRef,
  /** Usage beyond the included amounts is not sold: the organization is restricted instead. */
  spend_cap: z.boolean(),
  /** Dollars per month; null for a price agreed with sales. */
  price_monthly: z.number().nullable(),
  compute_credits_monthly: z.number(),
  current_period_start: timestamp,
  current_period_end: timestamp,
  /** When the organization moved to this tier. */
  tier_since: timestamp,
  billing_email: z.string(),
  payment_method: paymentMethod,
  restriction_status: z.enum(RESTRICTION_STATUSES).nullable(),
  restriction_data: z.object({ grace_period_end: z.string().optional() }).nullable(),
})
export type Subscription = z.infer<typeof subscription>

export const subscriptionBody = z.object({ tier })
export type SubscriptionBody = z.infer<typeof subscriptionBody>

const costLine = z.object({
  metric: z.enum(USAGE_METRICS),
  usage: z.number(),
  included: z.number().nullable(),
  overage: z.number(),
  price: z.number().nullable(),
  per: z.number(),
  billed: z.boolean(),
  amount: usd,
})
export const cost = z.object({
  base: z.number().nullable(),
  lines: z.array(costLine),
  usage: usd,
  credits_applied: usd,
  total: usd,
})
export type CostAnswer = z.infer<typeof cost>

/** What changing to `tier` would do, before it is done (POST …/subscription/preview). */
export const subscriptionPreview = z.object({
  current: z.object({ tier, plan: planRef, price_monthly: z.number().nullable() }),
  target: z.object({ tier, plan: planRef, price_monthly: z.number().nullable() }),
  change: z.enum(['upgrade', 'downgrade', 'none']),
  /** The new monthly cost with this period's usage so far projected to its end, priced on the target tier. */
  projected_monthly: cost,
  /** Why the change would be refused (PUT answers 400 with it), or null. */
  refusal: z.string().nullable(),
  /** What changes for the organization (projects paused after inactivity, roles no longer offered …). */
  notes: z.array(z.string()),
})
export type SubscriptionPreview = z.infer<typeof subscriptionPreview>

// ————— Usage —————

/** Years a usage or audit window may touch: any offset keeps a moment inside what Postgres and Date agree on. */
const YEARS = { first: 1970, last: 9000 }

const isoDate = (label: string) =>
  textField(label)
    .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, `${label} must be a date (YYYY-MM-DD) or an ISO 8601 timestamp`)
    .refine((value) => {
      const year = Number(value.slice(0, 4))
      return year >= YEARS.first && year <= YEARS.last
    }, `${label} must fall between the years ${YEARS.first} and ${YEARS.last}`)

export const usageQuery = z.object({
  /** The first day counted (defaults to the current period's start). */
  start: isoDate('start').optional(),
  /** The first day not counted (defaults to the current period's end). */
  end: isoDate('end').optional(),
})
export type UsageQuery = z.infer<typeof usageQuery>

export const usageMetric = z.object({
  metric: z.enum(USAGE_METRICS),
  name: z.string(),
  unit: z.enum(USAGE_UNITS),
  /** The period's figure: a total for summed metrics, the peak for the others. */
  usage: z.number(),
  /** Included in the plan; null: no limit. */
  included: z.number().nullable(),
  /** False for what this platform does not offer yet (storage, functions, realtime): always 0. */
  available: z.boolean(),
  note: z.string().nullable(),
  /** One figure per UTC day of the period up to today. */
  daily: z.array(z.object({ date: z.string(), value: z.number() })),
  /** Per project, for the metrics measured per project. */
  projects: z.array(z.object({ ref: z.string(), name: z.string(), value: z.number() })),
})
export type UsageMetricAnswer = z.infer<typeof usageMetric>

export const usageAnswer = z.object({
  plan: planRef,
  tier,
  period_start: timestamp,
  period_end: timestamp,
  /** When usage was last sampled; figures are at most one sampling interval old. */
  sampled_at: timestamp.nullable(),
  sample_interval_ms: z.number(),
  metrics: z.array(usageMetric),
  /** The period so far, and projected to its end, priced on the current tier. */
  cost_so_far: cost,
  cost_projected: cost,
  /** Each running project's database size at the last sample (the quota applies per project). */
  projects: z.array(
    z.object({ ref: z.string(), name: z.string(), status: z.string(), db_size_bytes: z.number().nullable(), measured_at: z.string().nullable() })
  ),
  /** Database size each project may use before a capped organization is over quota; null when billed instead. */
  database_size_quota_bytes: z.number().nullable(),
  restriction_status: z.enum(RESTRICTION_STATUSES).nullable(),
  restriction_data: z.object({ grace_period_end: z.string().optional() }).nullable(),
  /** What was over quota the last time it was (while a restriction lasts). */
  quota_note: z.string().nullable(),
})
export type UsageAnswer = z.infer<typeof usageAnswer>

// ————— Statements —————

export const invoice = z.object({
  /** The month: 'YYYY-MM'. */
  id: z.string(),
  period_start: timestamp,
  period_end: timestamp,
  /** 'upcoming' for the month in progress (figures so far), 'issued' for a past month. */
  status: z.enum(['upcoming', 'issued']),
  currency: z.literal('USD'),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number(),
      unit: z.string(),
      /** Dollars per unit; null for a line that is a fixed amount. */
      unit_price: z.number().nullable(),
      amount: usd,
    })
  ),
  subtotal: usd,
  credits: usd,
  total: usd,
})
export type Invoice = z.infer<typeof invoice>

// ————— Tax ids —————

export const taxId = z.object({ id: z.number(), type: z.string(), value: z.string(), country: z.string(), created_at: timestamp })
export type TaxId = z.infer<typeof taxId>

export const createTaxIdBody = z
  .object({
    type: textField('type').trim().toLowerCase(),
    value: textField('value').trim().max(64, 'value must be 64 characters or fewer'),
    country: textField('country')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'country must be a two-letter country code such as DE or US'),
  })
  .superRefine((body, ctx) => {
    const problem = taxIdProblem(body.type, body.value, body.country)
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [TAX_ID_TYPE_NAMES.includes(body.type) ? 'value' : 'type'] })
  })
export type CreateTaxIdBody = z.input<typeof createTaxIdBody>

export const deleteTaxIdBody = z.object({ id: z.number().int().positive() })
export const taxIdDeleted = z.object({ id: z.number(), deleted: z.literal(true) })

export const attachPaymentMethodBody = z.object({
  /** What a card processor's client library would hand over; never a card number. */
  payment_method_token: textField('payment_method_token').min(1).max(200),
})

// ————— Audit log —————

export const AUDIT_ACTIONS = [
  'organization.created',
  'organization.updated',
  'organization.billing_email_changed',
  'subscription.changed',
  'tax_id.added',
  'tax_id.removed',
  'member.invited',
  'member.invitation_revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'project.created',
  'project.paused',
  'project.restored',
  'project.deleted',
  'project.transferred',
  'project.renamed',
  'project.resized',
  'project.upgraded',
  'project.writes_allowed',
] as const
export type AuditAction = (typeof AUDIT_ACTIONS)[number]

export const auditQuery = z.object({
  /** Entries at or after this moment (defaults to 7 days ago). */
  date_start: isoDate('date_start').optional(),
  /** Entries before this moment (defaults to now). */
  date_end: isoDate('date_end').optional(),
})
export type AuditQuery = z.infer<typeof auditQuery>

export const auditEntry = z.object({
  id: z.number(),
  occurred_at: timestamp,
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it; null for the platform itself. */
  actor: z.object({ id: z.string(), email: z.string() }).nullable(),
  target: z.object({ type: z.enum(['organization', 'member', 'invitation', 'project', 'subscription', 'tax_id']), id: z.string(), name: z.string().nullable() }),
  /** What changed (from → to, the role given …). */
  details: z.record(z.string(), z.unknown()),
})
export type AuditEntry = z.infer<typeof auditEntry>
export const auditAnswer = z.object({ entries: z.array(auditEntry), date_start: timestamp, date_end: timestamp })
export type AuditAnswer = z.infer<typeof auditAnswer>


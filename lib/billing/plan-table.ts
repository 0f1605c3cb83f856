/**
 * Every number of the plans (SPEC §9) in one table: prices, what each plan includes, what usage
 * beyond it costs, compute sizes, retention and the other prices. The platform prices usage,
 * computes restrictions and writes statements from it; the pages show it. Checked by zod when the
 * module loads, so a typo in a number is a failed start, not a wrong invoice.
 *
 * Sizes are bytes (1 GB = 1073741824), prices US dollars. `null` as an included amount means
 * "no limit"; `null` as an overage price means usage beyond the included amount is not sold on
 * that plan (the Free plan, and Pro with its spend cap on, restrict instead).
 */
import { z } from 'zod'
import type { PlanId } from '../api-types/plans'
import { COMPUTE_SIZES, type ComputeSizeId } from '../compute-sizes'

export const KB = 1024
export const MB = 1024 * KB
export const GB = 1024 * MB

/** What is measured and billed. */
export const USAGE_METRICS = [
  'DATABASE_SIZE',
  'EGRESS',
  'MONTHLY_ACTIVE_USERS',
  'ACTIVE_PROJECTS',
  'COMPUTE_HOURS',
  'STORAGE_SIZE',
  'STORAGE_IMAGE_TRANSFORMATIONS',
  'FUNCTION_INVOCATIONS',
  'REALTIME_MESSAGES',
  'REALTIME_PEAK_CONNECTIONS',
] as const
export type UsageMetric = (typeof USAGE_METRICS)[number]

/** Metrics this platform measures; the others answer 0 with a note. */
export const MEASURED_METRICS: readonly UsageMetric[] = [
  'DATABASE_SIZE',
  'EGRESS',
  'MONTHLY_ACTIVE_USERS',
  'ACTIVE_PROJECTS',
  'COMPUTE_HOURS',
  'STORAGE_SIZE',
  'STORAGE_IMAGE_TRANSFORMATIONS',
  'REALTIME_MESSAGES',
  'REALTIME_PEAK_CONNECTIONS',
  'FUNCTION_INVOCATIONS',
]

export const USAGE_UNITS = ['bytes', 'count', 'hours'] as const
export type UsageUnit = (typeof USAGE_UNITS)[number]

const money = z.number().finite().nonnegative()
const amount = z.number().finite().nonnegative()

/** What one metric costs beyond the included amount: `price` dollars per `per` units. */
const overage = z.object({ price: money, per: amount.positive() }).nullable()

const quota = z.object({
  /** Included in the plan's price; null: no limit. */
  included: amount.nullable(),
  overage,
})

const computeSize = z.object({
  name: z.string(),
  memoryBytes: amount,
  /** 'shared' or a number of dedicated cores. */
  cpu: z.union([z.literal('shared'), z.number().int().positive()]),
  directConnections: z.number().int().positive(),
  poolerConnections: z.number().int().positive(),
  /** Disk throughput in MB/s: the baseline, and the burst maximum. */
  diskIoBaselineMBps: amount,
  diskIoMaxMBps: amount,
  /** Dollars per hour the project runs; 0 when the plan's price covers it. */
  hourlyPrice: money,
})

const plan = z.object({
  id: z.enum(['free', 'pro', 'team', 'enterprise']),
  name: z.string(),
  /** Dollars per month; null for a price agreed with sales. */
  priceMonthly: money.nullable(),
  /** Dollars of compute each month the price includes. */
  computeCreditsMonthly: money,
  quotas: z.object({
    DATABASE_SIZE: quota,
    EGRESS: quota,
    MONTHLY_ACTIVE_USERS: quota,
    ACTIVE_PROJECTS: quota,
    COMPUTE_HOURS: quota,
    STORAGE_SIZE: quota,
    /** Distinct origin images transformed in the month. */
    STORAGE_IMAGE_TRANSFORMATIONS: quota,
    FUNCTION_INVOCATIONS: quota,
    REALTIME_MESSAGES: quota,
    REALTIME_PEAK_CONNECTIONS: quota,
  }),
  /** Database size is included per project (each project's own disk). */
  limits: z.object({
    /** Active projects allowed for a partner organization (slug vercel_…), when lower. */
    partnerActiveProjects: z.number().int().positive().nullable(),
    /** A project without activity this long is paused; null: never. */
    pauseAfterInactiveDays: z.number().int().positive().nullable(),
    maxUploadBytes: amount,
    functions: z.number().int().positive().nullable(),
    realtimeMaxMessageBytes: amount,
    backupRetentionDays: z.number().int().nonnegative(),
    logRetentionDays: z.number().int().positive(),
    authAuditTrail: z.string(),
  }),
  compute: computeSize,
})
export type PlanNumbers = z.infer<typeof plan>

const otherPrices = z.object({
  pointInTimeRecoveryPer7DaysMonthly: money,
  branchPerDay: money,
  advancedPhoneMfa: z.object({ firstProjectMonthly: money, eachFurtherProjectMonthly: money }),
  saml: z.object({ includedMau: amount, perMau: money }),
  customDomainMonthly: money,
  imageTransformations: z.object({ included: amount, price: money, per: amount }),
  logDrain: z.object({ monthly: money, perMillionEvents: money, perGbEgress: money }),
  functionScriptMaxBytes: amount,
})

const planTableSchema = z.object({
  plans: z.object({ free: plan, pro: plan, team: plan, enterprise: plan }),
  other: otherPrices,
})

const capped = (included: number | null) => ({ included, overage: null })
const NO_LIMIT = { included: null, overage: null }

/** A plan's compute: its default size (lib/compute-sizes.ts, where the sizes live). */
const computeOf = (id: ComputeSizeId) => {
  const { name, memoryBytes, cpu, directConnections, poolerConnections, diskIoBaselineMBps, diskIoMaxMBps, hourlyPrice } = COMPUTE_SIZES[id]
  return { name, memoryBytes, cpu, directConnections, poolerConnections, diskIoBaselineMBps, diskIoMaxMBps, hourlyPrice }
}

/** The Micro compute every project runs on; its hours are what the compute credits pay for. */
const MICRO_HOURLY = COMPUTE_SIZES.micro.hourlyPrice

/** SPEC §9's other prices: 100 images a month included, then $5 per 1000. */
const IMAGE_TRANSFORMATIONS = { included: 100, price: 5, per: 1000 }

const proQuotas = {
  DATABASE_SIZE: { included: 8 * GB, overage: { price: 0.125, per: GB } },
  EGRESS: { included: 250 * GB, overage: { price: 0.09, per: GB } },
  MONTHLY_ACTIVE_USERS: { included: 100_000, overage: { price: 0.00325, per: 1 } },
  ACTIVE_PROJECTS: NO_LIMIT,
  COMPUTE_HOURS: { included: 0, overage: { price: MICRO_HOURLY, per: 1 } },
  STORAGE_SIZE: { included: 100 * GB, overage: { price: 0.021, per: GB } },
  STORAGE_IMAGE_TRANSFORMATIONS: { included: IMAGE_TRANSFORMATIONS.included, overage: { price: IMAGE_TRANSFORMATIONS.price, per: IMAGE_TRANSFORMATIONS.per } },
  FUNCTION_INVOCATIONS: { included: 2_000_000, overage: { price: 2, per: 1_000_000 } },
  REALTIME_MESSAGES: { included: 5_000_000, overage: { price: 2.5, per: 1_000_000 } },
  REALTIME_PEAK_CONNECTIONS: { included: 500, overage: { price: 10, per: 1000 } },
}

const proCompute = computeOf('micro')

const proLimits = {
  partnerActiveProjects: null,
  pauseAfterInactiveDays: null,
  maxUploadBytes: 50 * GB,
  functions: 500,
  realtimeMaxMessageBytes: 3 * MB,
  backupRetentionDays: 7,
  logRetentionDays: 7,
  authAuditTrail: '7 days',
}

export const PLAN_TABLE = planTableSchema.parse({
  plans: {
    free: {
      id: 'free',
      name: 'Free',
      priceMonthly: 0,
      computeCreditsMonthly: 0,
      quotas: {
        DATABASE_SIZE: capped(500 * MB),
        EGRESS: capped(5 * GB),
        MONTHLY_ACTIVE_USERS: capped(50_000),
        ACTIVE_PROJECTS: capped(2),
        COMPUTE_HOURS: capped(null),
        STORAGE_SIZE: capped(1 * GB),
        // Not offered on Free: a transformation is refused with a sentence (server/storage/transform.ts).
        STORAGE_IMAGE_TRANSFORMATIONS: capped(0),
        FUNCTION_INVOCATIONS: capped(500_000),
        REALTIME_MESSAGES: capped(2_000_000),
        REALTIME_PEAK_CONNECTIONS: capped(200),
      },
      limits: {
        partnerActiveProjects: 1,
        pauseAfterInactiveDays: 7,
        maxUploadBytes: 50 * MB,
        functions: 25,
        realtimeMaxMessageBytes: 250 * KB,
        backupRetentionDays: 0,
        logRetentionDays: 1,
        authAuditTrail: '1 hour',
      },
      compute: computeOf('nano'),
    },
    pro: { id: 'pro', name: 'Pro', priceMonthly: 25, computeCreditsMonthly: 10, quotas: proQuotas, limits: proLimits, compute: proCompute },
    team: {
      id: 'team',
      name: 'Team',
      priceMonthly: 599,
      computeCreditsMonthly: 10,
      quotas: proQuotas,
      limits: { ...proLimits, functions: 1000, backupRetentionDays: 14, logRetentionDays: 28, authAuditTrail: '28 days' },
      compute: proCompute,
    },
    enterprise: {
      id: 'enterprise',
      name: 'Enterprise',
      priceMonthly: null,
      computeCreditsMonthly: 10,
      quotas: proQuotas,
      limits: { ...proLimits, functions: 1000, backupRetentionDays: 14, logRetentionDays: 90, authAuditTrail: '28 days' },
      compute: proCompute,
    },
  },
  other: {
    pointInTimeRecoveryPer7DaysMonthly: 100,
    branchPerDay: 0.32,
    advancedPhoneMfa: { firstProjectMonthly: 75, eachFurtherProjectMonthly: 10 },
    saml: { includedMau: 50, perMau: 0.015 },
    customDomainMonthly: 10,
    imageTransformations: IMAGE_TRANSFORMATIONS,
    logDrain: { monthly: 60, perMillionEvents: 0.2, perGbEgress: 0.09 },
    functionScriptMaxBytes: 20 * MB,
  },
})

export const planNumbers = (plan: PlanId): PlanNumbers => PLAN_TABLE.plans[plan]

/** Active projects an organization on `plan` may have; null: no limit. A partner organization's slug starts with vercel_. */
export function activeProjectLimit(plan: PlanId, organizationSlug: string): number | null {
  const numbers = planNumbers(plan)
  const partner = organizationSlug.startsWith('vercel_')
  return (partner ? numbers.limits.partnerActiveProjects : null) ?? numbers.quotas.ACTIVE_PROJECTS.included
}

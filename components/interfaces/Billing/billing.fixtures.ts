/**
 * Answers of the billing routes for component tests (msw), each typed with the schema's type and
 * checked against the schema in billing.fixtures.test.ts, so a test never passes on a shape the
 * platform would not answer. The organization is "acme" on Pro (spend cap on), in the middle of
 * November 2026. The plan cards are the platform's own (lib/billing/plan-cards.ts); the comparison
 * is a short one with every group and every kind of cell.
 */
import type {
  CostAnswer,
  Invoice,
  Organization,
  PaymentMethod,
  PlansAnswer,
  Subscription,
  SubscriptionPreview,
  TaxId,
  UsageAnswer,
  UsageMetricAnswer,
} from '@/lib/api-types'
import { GB, MB } from '@/lib/billing/plan-table'
import { NOT_OFFERED_NOTE } from '@/lib/billing/metrics'
import { PLAN_CARDS } from '@/lib/billing/plan-cards'

export const PERIOD_START = '2026-11-01T00:00:00.000Z'
export const PERIOD_END = '2026-12-01T00:00:00.000Z'

export const acmeOrganization: Organization = {
  id: 7,
  name: 'Acme',
  slug: 'acme',
  billing_email: 'billing@acme.test',
  managed_by: 'supabase',
  plan: { id: 'pro', name: 'Pro' },
  restriction_status: null,
  restriction_data: null,
  is_owner: true,
  role: 'Owner',
}

export const paymentMethodFixture: PaymentMethod = {
  processor: 'none',
  masked: '**** **** **** ****',
  card: null,
  note: 'This platform has no card processor: nothing is charged, statements show what would be.',
}

export const subscriptionFixture: Subscription = {
  tier: 'tier_pro',
  plan: { id: 'pro', name: 'Pro' },
  spend_cap: true,
  price_monthly: 25,
  compute_credits_monthly: 10,
  current_period_start: PERIOD_START,
  current_period_end: PERIOD_END,
  tier_since: '2026-10-12T09:30:00.000Z',
  billing_email: 'billing@acme.test',
  payment_method: paymentMethodFixture,
  restriction_status: null,
  restriction_data: null,
}

/** Fifteen days of the period, a value growing by `step` a day. */
const days = (step: number) => Array.from({ length: 15 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, value: step * (i + 1) }))

const metric = (m: Omit<UsageMetricAnswer, 'available' | 'note' | 'daily' | 'projects'> & Partial<UsageMetricAnswer>): UsageMetricAnswer => ({
  available: true,
  note: null,
  daily: days(m.usage / 15),
  projects: [],
  ...m,
})

/** A metric the platform answers as not measured here (0, with its note): how the page shows one. */
export const notOfferedMetric = (m: Pick<UsageMetricAnswer, 'metric' | 'name' | 'unit' | 'included'>): UsageMetricAnswer => ({
  ...m,
  usage: 0,
  available: false,
  note: NOT_OFFERED_NOTE,
  daily: [],
  projects: [],
})

export const usageMetricsFixture: UsageMetricAnswer[] = [
  metric({
    metric: 'DATABASE_SIZE',
    name: 'Database size',
    unit: 'bytes',
    usage: 7.2 * GB,
    included: 8 * GB,
    projects: [
      { ref: 'alpha', name: 'Alpha', value: 7.2 * GB },
      { ref: 'beta', name: 'Beta', value: 120 * MB },
    ],
  }),
  // 300 GB of 250: over the included amount.
  metric({ metric: 'EGRESS', name: 'Egress', unit: 'bytes', usage: 300 * GB, included: 250 * GB }),
  metric({ metric: 'MONTHLY_ACTIVE_USERS', name: 'Monthly active users', unit: 'count', usage: 1200, included: 100_000 }),
  metric({ metric: 'ACTIVE_PROJECTS', name: 'Active projects', unit: 'count', usage: 2, included: null }),
  metric({ metric: 'COMPUTE_HOURS', name: 'Compute hours', unit: 'hours', usage: 720, included: 0 }),
  metric({ metric: 'STORAGE_SIZE', name: 'Storage size', unit: 'bytes', usage: 12 * GB, included: 100 * GB }),
  metric({ metric: 'STORAGE_IMAGE_TRANSFORMATIONS', name: 'Storage image transformations', unit: 'count', usage: 40, included: 100 }),
  metric({ metric: 'FUNCTION_INVOCATIONS', name: 'Edge function invocations', unit: 'count', usage: 45_000, included: 2_000_000 }),
  metric({ metric: 'REALTIME_MESSAGES', name: 'Realtime messages', unit: 'count', usage: 150_000, included: 5_000_000 }),
  metric({ metric: 'REALTIME_PEAK_CONNECTIONS', name: 'Realtime peak connections', unit: 'count', usage: 30, included: 500 }),
]

const line = (l: Partial<CostAnswer['lines'][number]> & Pick<CostAnswer['lines'][number], 'metric' | 'usage'>): CostAnswer['lines'][number] => ({
  included: null,
  overage: 0,
  price: null,
  per: 1,
  billed: false,
  amount: 0,
  ...l,
})

/** Pro with its spend cap on: only compute is billed, and the compute credits cover $10 of it. */
export const costSoFarFixture: CostAnswer = {
  base: 25,
  lines: [
    line({ metric: 'DATABASE_SIZE', usage: 7.2 * GB, included: 8 * GB, price: 0.125, per: GB }),
    line({ metric: 'EGRESS', usage: 300 * GB, included: 250 * GB, overage: 50 * GB, price: 0.09, per: GB }),
    line({ metric: 'COMPUTE_HOURS', usage: 720, included: 0, overage: 720, price: 0.01344, per: 1, billed: true, amount: 9.6768 }),
  ],
  usage: 9.68,
  credits_applied: 9.68,
  total: 25,
}

export const costProjectedFixture: CostAnswer = {
  base: 25,
  lines: [
    line({ metric: 'DATABASE_SIZE', usage: 7.2 * GB, included: 8 * GB, price: 0.125, per: GB }),
    line({ metric: 'EGRESS', usage: 600 * GB, included: 250 * GB, overage: 350 * GB, price: 0.09, per: GB }),
    line({ metric: 'COMPUTE_HOURS', usage: 1440, included: 0, overage: 1440, price: 0.01344, per: 1, billed: true, amount: 19.3536 }),
  ],
  usage: 19.35,
  credits_applied: 10,
  total: 34.35,
}

export const usageFixture: UsageAnswer = {
  plan: { id: 'pro', name: 'Pro' },
  tier: 'tier_pro',
  period_start: PERIOD_START,
  period_end: PERIOD_END,
  sampled_at: '2026-11-15T11:59:00.000Z',
  sample_interval_ms: 60_000,
  metrics: usageMetricsFixture,
  cost_so_far: costSoFarFixture,
  cost_projected: costProjectedFixture,
  projects: [
    { ref: 'alpha', name: 'Alpha', status: 'ACTIVE_HEALTHY', db_size_bytes: 7.2 * GB, measured_at: '2026-11-15T11:59:00.000Z' },
    { ref: 'beta', name: 'Beta', status: 'INACTIVE', db_size_bytes: 120 * MB, measured_at: '2026-11-10T08:00:00.000Z' },
  ],
  database_size_quota_bytes: 8 * GB,
  restriction_status: null,
  restriction_data: null,
  quota_note: null,
}

/** Pro → Team: an upgrade, priced on Team. */
export const upgradePreviewFixture: SubscriptionPreview = {
  current: { tier: 'tier_pro', plan: { id: 'pro', name: 'Pro' }, price_monthly: 25 },
  target: { tier: 'tier_team', plan: { id: 'team', name: 'Team' }, price_monthly: 599 },
  change: 'upgrade',
  projected_monthly: {
    base: 599,
    lines: [
      line({ metric: 'EGRESS', usage: 600 * GB, included: 250 * GB, overage: 350 * GB, price: 0.09, per: GB, billed: true, amount: 31.5 }),
      line({ metric: 'COMPUTE_HOURS', usage: 1440, included: 0, overage: 1440, price: 0.01344, per: 1, billed: true, amount: 19.3536 }),
    ],
    usage: 50.85,
    credits_applied: 10,
    total: 639.85,
  },
  refusal: null,
  notes: ['The Read-only role becomes available.', 'Usage beyond the included amounts is billed instead of restricting the organization.'],
}

/** Pro → Free with three active projects: refused. */
export const refusedPreviewFixture: SubscriptionPreview = {
  current: { tier: 'tier_pro', plan: { id: 'pro', name: 'Pro' }, price_monthly: 25 },
  target: { tier: 'tier_free', plan: { id: 'free', name: 'Free' }, price_monthly: 0 },
  change: 'downgrade',
  projected_monthly: { base: 0, lines: [], usage: 0, credits_applied: 0, total: 0 },
  refusal: 'The Free plan allows 2 active projects and this organization has 3: pause or delete 1 first.',
  notes: ['Projects are paused after 7 days of inactivity.'],
}

export const plansFixture: PlansAnswer = {
  plans: PLAN_CARDS,
  comparison: [
    {
      key: 'database',
      title: 'Database',
      rows: [
        { key: 'database_size', title: 'Database size', plans: { free: '500 MB', pro: '8 GB included', team: '8 GB included', enterprise: 'Custom' }, usage_based: true },
        { key: 'backups', title: 'Automatic backups', plans: { free: false, pro: '7 days', team: '14 days', enterprise: 'Custom' }, usage_based: false },
      ],
    },
    {
      key: 'auth',
      title: 'Auth',
      rows: [
        { key: 'mau', title: 'Monthly active users', plans: { free: '50,000', pro: '100,000 included', team: '100,000 included', enterprise: 'Custom' }, usage_based: true },
        { key: 'social', title: 'Social OAuth providers', plans: { free: true, pro: true, team: true, enterprise: true }, usage_based: false },
      ],
    },
    { key: 'storage', title: 'Storage', rows: [{ key: 'storage_size', title: 'Storage size', plans: { free: '1 GB', pro: '100 GB included', team: '100 GB included', enterprise: 'Custom' }, usage_based: true }] },
    { key: 'edge_functions', title: 'Edge Functions', rows: [{ key: 'invocations', title: 'Invocations', plans: { free: '500,000', pro: '2 million included', team: '2 million included', enterprise: 'Custom' }, usage_based: true }] },
    { key: 'realtime', title: 'Realtime', rows: [{ key: 'messages', title: 'Messages', plans: { free: '2 million', pro: '5 million included', team: '5 million included', enterprise: 'Custom' }, usage_based: true }] },
    { key: 'dashboard', title: 'Dashboard', rows: [{ key: 'roles', title: 'Team member roles', plans: { free: ['Owner', 'Admin', 'Developer'], pro: ['Owner', 'Admin', 'Developer'], team: ['Owner', 'Admin', 'Developer', 'Read-only'], enterprise: ['Custom roles'] }, usage_based: false }] },
    { key: 'security', title: 'Security', rows: [{ key: 'soc2', title: 'SOC2', plans: { free: false, pro: false, team: true, enterprise: true }, usage_based: false }] },
    { key: 'support', title: 'Support', rows: [{ key: 'community', title: 'Community support', plans: { free: true, pro: true, team: true, enterprise: true }, usage_based: false }] },
  ],
}

export const invoicesFixture: Invoice[] = [
  {
    id: '2026-11',
    period_start: PERIOD_START,
    period_end: PERIOD_END,
    status: 'upcoming',
    currency: 'USD',
    lines: [
      { description: 'Pro plan', quantity: 1, unit: 'month', unit_price: 25, amount: 25 },
      { description: 'Compute hours', quantity: 720, unit: 'hours', unit_price: 0.01344, amount: 9.68 },
      { description: 'Compute credits', quantity: 1, unit: 'month', unit_price: null, amount: -9.68 },
    ],
    subtotal: 34.68,
    credits: 9.68,
    total: 25,
  },
  {
    id: '2026-10',
    period_start: '2026-10-01T00:00:00.000Z',
    period_end: PERIOD_START,
    status: 'issued',
    currency: 'USD',
    lines: [{ description: 'Free plan', quantity: 1, unit: 'month', unit_price: 0, amount: 0 }],
    subtotal: 0,
    credits: 0,
    total: 0,
  },
]

export const taxIdsFixture: TaxId[] = [{ id: 1, type: 'eu_vat', value: 'DE123456789', country: 'DE', created_at: '2026-11-02T10:00:00.000Z' }]

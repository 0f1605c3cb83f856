/**
 * The plan comparison table (SPEC §3): rows grouped by database, auth, storage, edge functions,
 * realtime, dashboard, security and support, a cell per plan (yes/no, a text, or a list), and
 * `usage_based` on the rows priced by usage beyond what the plan includes. Every number comes
 * from the plan table; the member roles from the roles each plan offers (SPEC §6).
 *
 * The table describes the plans: storage, edge functions and realtime state their quotas even
 * though this platform does not offer those services yet (their usage is always 0).
 */
import type { ComparisonGroup, ComparisonRow } from '../api-types/billing'
import { rolesForPlan } from '../api-types/organizations'
import type { PlanId } from '../api-types/plans'
import { formatBytes } from '../format-bytes'
import { PLAN_TABLE, type PlanNumbers, type UsageMetric } from './plan-table'
import { computeSizeText, formatCount, formatDays, formatDaysOrWeeks, formatMonthly, formatPrice, quotaText } from './plan-text'

type Cell = ComparisonRow['plans'][PlanId]
type Cells = ComparisonRow['plans']

const { plans, other } = PLAN_TABLE

/** The same rule for every plan: a cell from each plan's numbers. */
const perPlan = (cell: (plan: PlanNumbers) => Cell): Cells => ({
  free: cell(plans.free),
  pro: cell(plans.pro),
  team: cell(plans.team),
  enterprise: cell(plans.enterprise),
})

/** Not on Free; the same on every paid plan. */
const paidOnly = (cell: Cell): Cells => ({ free: false, pro: cell, team: cell, enterprise: cell })

/** From Team up. */
const teamUp = (cell: Cell): Cells => ({ free: false, pro: false, team: cell, enterprise: cell })

const row = (key: string, title: string, cells: Cells, usage_based = false): ComparisonRow => ({ key, title, plans: cells, usage_based })

/** A row for a metric the plans price by usage: its quota (and overage price) on every plan. */
const usageRow = (key: string, title: string, metric: UsageMetric, suffix = '') =>
  row(key, title, perPlan((plan) => quotaText(plan, metric, { suffix })), true)

const projectsCell = (plan: PlanNumbers): Cell => {
  const { included } = plan.quotas.ACTIVE_PROJECTS
  if (included === null) return 'Unlimited'
  const partner = plan.limits.partnerActiveProjects
  return partner === null ? formatCount(included) : `${formatCount(included)} (${formatCount(partner)} for a partner organization)`
}

const computeCell = (plan: PlanNumbers): Cell => [
  plan.compute.name,
  ...computeSizeText(plan),
  plan.compute.hourlyPrice > 0 ? `${formatPrice(plan.compute.hourlyPrice)} per hour` : 'Included',
]

const pausingCell = (plan: PlanNumbers): Cell => {
  const days = plan.limits.pauseAfterInactiveDays
  return days === null ? 'Never paused' : `Paused after ${formatDaysOrWeeks(days)} of inactivity`
}

const { advancedPhoneMfa, saml, imageTransformations, logDrain } = other

const database: ComparisonGroup = {
  key: 'database',
  title: 'Database',
  rows: [
    row('compute', 'Compute', perPlan(computeCell), true),
    row('compute_credits', 'Compute credits', perPlan((plan) => (plan.computeCreditsMonthly > 0 ? formatMonthly(plan.computeCreditsMonthly) : false))),
    usageRow('database_size', 'Database size', 'DATABASE_SIZE', ' per project'),
    row('active_projects', 'Active projects', perPlan(projectsCell)),
    row('pausing', 'Project pausing', perPlan(pausingCell)),
    row(
      'connections',
      'Database connections',
      perPlan((plan) => [`${formatCount(plan.compute.directConnections)} direct`, `${formatCount(plan.compute.poolerConnections)} pooler`])
    ),
    row(
      'disk_io',
      'Disk throughput',
      perPlan((plan) => [`${formatCount(plan.compute.diskIoBaselineMBps)} MB/s baseline`, `${formatCount(plan.compute.diskIoMaxMBps)} MB/s burst`])
    ),
    usageRow('egress', 'Egress', 'EGRESS'),
    row('backups', 'Daily backups', perPlan((plan) => (plan.limits.backupRetentionDays > 0 ? `Kept ${formatDays(plan.limits.backupRetentionDays)}` : false))),
    row('pitr', 'Point-in-time recovery', paidOnly(`${formatMonthly(other.pointInTimeRecoveryPer7DaysMonthly)} per 7 days of recovery`)),
    row('branching', 'Branching', paidOnly(`${formatPrice(other.branchPerDay)} per branch per day`), true),
    row('custom_domain', 'Custom domain', paidOnly(formatMonthly(other.customDomainMonthly))),
  ],
}

const auth: ComparisonGroup = {
  key: 'auth',
  title: 'Auth',
  rows: [
    usageRow('monthly_active_users', 'Monthly active users', 'MONTHLY_ACTIVE_USERS'),
    row('saml', 'Single sign-on (SAML 2.0) users', paidOnly(`${formatCount(saml.includedMau)} included, then ${formatPrice(saml.perMau)} per MAU`), true),
    row(
      'phone_mfa',
      'Advanced MFA (phone)',
      paidOnly(`${formatMonthly(advancedPhoneMfa.firstProjectMonthly)} for the first project, then ${formatMonthly(advancedPhoneMfa.eachFurtherProjectMonthly)} per project`)
    ),
    row('auth_audit_trail', 'Auth audit trail', perPlan((plan) => plan.limits.authAuditTrail)),
  ],
}

const storage: ComparisonGroup = {
  key: 'storage',
  title: 'Storage',
  rows: [
    usageRow('storage_size', 'Storage size', 'STORAGE_SIZE'),
    row('max_upload', 'Largest file upload', perPlan((plan) => formatBytes(plan.limits.maxUploadBytes))),
    row(
      'image_transformations',
      'Image transformations',
      paidOnly(
        `${formatCount(imageTransformations.included)} origin images included, then ${formatPrice(imageTransformations.price)} per ${formatCount(imageTransformations.per)}`
      ),
      true
    ),
  ],
}

const edgeFunctions: ComparisonGroup = {
  key: 'edge_functions',
  title: 'Edge functions',
  rows: [
    usageRow('invocations', 'Invocations', 'FUNCTION_INVOCATIONS'),
    row('functions', 'Functions', perPlan((plan) => (plan.limits.functions === null ? 'Unlimited' : formatCount(plan.limits.functions)))),
    row('script_size', 'Largest script', perPlan(() => formatBytes(other.functionScriptMaxBytes))),
  ],
}

const realtime: ComparisonGroup = {
  key: 'realtime',
  title: 'Realtime',
  rows: [
    usageRow('peak_connections', 'Peak connections', 'REALTIME_PEAK_CONNECTIONS'),
    usageRow('messages', 'Messages', 'REALTIME_MESSAGES'),
    row('max_message_size', 'Largest message', perPlan((plan) => formatBytes(plan.limits.realtimeMaxMessageBytes))),
  ],
}

const dashboard: ComparisonGroup = {
  key: 'dashboard',
  title: 'Dashboard',
  rows: [
    row('log_retention', 'Log retention', perPlan((plan) => formatDays(plan.limits.logRetentionDays))),
    row(
      'log_drains',
      'Log drains',
      paidOnly(`${formatMonthly(logDrain.monthly)}, plus ${formatPrice(logDrain.perMillionEvents)} per million events and ${formatPrice(logDrain.perGbEgress)} per GB`),
      true
    ),
    row('member_roles', 'Member roles', {
      free: [...rolesForPlan('free')],
      pro: [...rolesForPlan('pro')],
      team: [...rolesForPlan('team')],
      enterprise: [...rolesForPlan('enterprise'), 'Custom project-scoped roles'],
    }),
  ],
}

const security: ComparisonGroup = {
  key: 'security',
  title: 'Security',
  rows: [row('sso', 'SSO for the dashboard', teamUp(true)), row('soc2', 'SOC2', teamUp(true)), row('audit_log', 'Organization audit log (plan, member, project and billing changes)', { free: true, pro: true, team: true, enterprise: true })],
}

const support: ComparisonGroup = {
  key: 'support',
  title: 'Support',
  rows: [
    row('community_support', 'Community support', perPlan(() => true)),
    row('email_support', 'Email support', paidOnly(true)),
    row('priority_support', 'Priority email support', teamUp(true)),
    row('support_manager', 'Designated support manager', { free: false, pro: false, team: false, enterprise: true }),
  ],
}

export const COMPARISON: ComparisonGroup[] = [database, auth, storage, edgeFunctions, realtime, dashboard, security, support]

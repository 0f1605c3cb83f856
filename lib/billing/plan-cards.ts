/**
 * The plan cards (SPEC §3) of the pricing and billing pages: one per plan a customer can pick
 * (Free, Pro, Team, Enterprise; pay as you go is Pro with its spend cap off, chosen on the billing
 * page). Every number comes from the plan table, worded by plan-text.ts.
 *
 * `href` is where the card's button goes. For the self-serve plans it is the new-project path
 * without an organization (`/new?plan=pro`: the new-organization page, for someone without one);
 * a page that knows the organization calls `planCardHref(card, slug)`, which gives
 * `/new/{slug}?plan=pro`. Enterprise goes to the support form, prefilled as an enquiry.
 */
import type { PlanCard } from '../api-types/billing'
import type { PlanId } from '../api-types/plans'
import { SUPPORT_ROUTE } from '../support'
import { PLAN_TABLE, type PlanNumbers } from './plan-table'
import { computeSizeText, formatCount, formatDays, formatDaysOrWeeks, formatPrice, quotaText } from './plan-text'

const { free, pro, team, enterprise } = PLAN_TABLE.plans

const NEW_PROJECT_PATH = '/new'

/** The support form, prefilled (pages/support/new.tsx reads category, subject and message). */
export const ENTERPRISE_CONTACT_HREF =
  `${SUPPORT_ROUTE}?category=billing` +
  `&subject=${encodeURIComponent('Enterprise plan enquiry')}` +
  `&message=${encodeURIComponent('Tell us about your organization, your projects and what you need from the Enterprise plan.')}`

const newProjectHref = (plan: PlanId) => `${NEW_PROJECT_PATH}?plan=${plan}`

/** Where a card's button goes for an organization: a new project on that plan in it, or the enterprise form. */
export function planCardHref(card: Pick<PlanCard, 'href'>, organizationSlug: string): string {
  const prefix = `${NEW_PROJECT_PATH}?`
  if (!card.href.startsWith(prefix)) return card.href
  return `${NEW_PROJECT_PATH}/${encodeURIComponent(organizationSlug)}?${card.href.slice(prefix.length)}`
}

const activeProjects = (count: number | null) =>
  count === null ? 'Unlimited active projects' : `${formatCount(count)} active ${count === 1 ? 'project' : 'projects'}`

const computeText = (plan: PlanNumbers) => `${plan.compute.name} compute: ${computeSizeText(plan).join(', ')}`

const logRetention = (plan: PlanNumbers) => `Logs kept for ${formatDays(plan.limits.logRetentionDays)}`
const backups = (plan: PlanNumbers) => `Daily backups stored for ${formatDays(plan.limits.backupRetentionDays)}`

/** The Free card's features; `partner` for an organization of a partner (slug vercel_…), which gets fewer active projects. */
function freeFeatures(partner: boolean): string[] {
  const projects = partner ? free.limits.partnerActiveProjects : free.quotas.ACTIVE_PROJECTS.included
  return [
    quotaText(free, 'DATABASE_SIZE', { suffix: ' database size per project' }),
    computeText(free),
    quotaText(free, 'MONTHLY_ACTIVE_USERS', { suffix: ' monthly active users' }),
    quotaText(free, 'EGRESS', { suffix: ' egress' }),
    quotaText(free, 'STORAGE_SIZE', { suffix: ' file storage' }),
    activeProjects(projects),
    logRetention(free),
    'Community support',
  ]
}

function proFeatures(): string[] {
  return [
    `${formatPrice(pro.computeCreditsMonthly)} in compute credits included`,
    `${computeText(pro)}, ${formatPrice(pro.compute.hourlyPrice)} per hour`,
    quotaText(pro, 'DATABASE_SIZE', { suffix: ' database size per project' }),
    quotaText(pro, 'MONTHLY_ACTIVE_USERS', { suffix: ' monthly active users' }),
    quotaText(pro, 'EGRESS', { suffix: ' egress' }),
    quotaText(pro, 'STORAGE_SIZE', { suffix: ' file storage' }),
    backups(pro),
    logRetention(pro),
    'Projects are never paused',
    'Email support',
  ]
}

function teamFeatures(): string[] {
  return [
    'Read-only member role',
    'SSO for the dashboard',
    'SOC2',
    backups(team),
    logRetention(team),
    `${formatCount(team.limits.functions ?? 0)} edge functions`,
    'Priority email support',
  ]
}

function enterpriseFeatures(): string[] {
  return ['Custom project-scoped roles', logRetention(enterprise), 'Designated support manager', 'Terms and invoicing agreed with you']
}

/** Dollars per month, or 'Custom' for a price agreed with sales. */
const monthlyPrice = (plan: PlanNumbers): number | 'Custom' => plan.priceMonthly ?? 'Custom'

const both = (features: string[]) => ({ supabase: features, 'vercel-marketplace': features })

const freeWarning = (() => {
  const inactivity = formatDaysOrWeeks(free.limits.pauseAfterInactiveDays ?? 0)
  const projects = free.quotas.ACTIVE_PROJECTS.included
  return `Free projects are paused after ${inactivity} of inactivity. Limited to ${projects} active projects (${free.limits.partnerActiveProjects} for a partner organization).`
})()

export const PLAN_CARDS: PlanCard[] = [
  {
    id: 'tier_free',
    name: free.name,
    nameBadge: null,
    costUnit: '/ month',
    href: newProjectHref('free'),
    priceLabel: null,
    priceMonthly: monthlyPrice(free),
    description: 'For trying ideas, side projects and learning.',
    preface: 'Get started with:',
    features: { supabase: freeFeatures(false), 'vercel-marketplace': freeFeatures(true) },
    footer: null,
    cta: 'Start your project',
    warning: freeWarning,
  },
  {
    id: 'tier_pro',
    name: pro.name,
    nameBadge: 'Most popular',
    costUnit: '/ month',
    href: newProjectHref('pro'),
    priceLabel: 'From',
    priceMonthly: monthlyPrice(pro),
    description: 'For production applications that need to grow.',
    preface: 'Everything in the Free plan, plus:',
    features: both(proFeatures()),
    footer:
      'The spend cap is on by default: usage beyond the included amounts restricts the organization instead of being billed. Turn it off (pay as you go) to pay for that usage.',
    cta: 'Upgrade to Pro',
    warning: null,
  },
  {
    id: 'tier_team',
    name: team.name,
    nameBadge: null,
    costUnit: '/ month',
    href: newProjectHref('team'),
    priceLabel: 'From',
    priceMonthly: monthlyPrice(team),
    description: 'For teams that need access control, compliance and longer retention.',
    preface: 'Everything in the Pro plan, plus:',
    features: both(teamFeatures()),
    footer: 'Usage beyond the included amounts is billed at the Pro prices.',
    cta: 'Upgrade to Team',
    warning: null,
  },
  {
    id: 'tier_enterprise',
    name: enterprise.name,
    nameBadge: null,
    costUnit: null,
    href: ENTERPRISE_CONTACT_HREF,
    priceLabel: null,
    priceMonthly: monthlyPrice(enterprise),
    description: 'For large organizations with their own requirements for security, support and terms.',
    preface: 'Everything in the Team plan, plus:',
    features: both(enterpriseFeatures()),
    footer: null,
    cta: 'Contact sales',
    warning: null,
  },
]

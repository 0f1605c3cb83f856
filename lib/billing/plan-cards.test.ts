import { describe, expect, it } from 'vitest'
import { planCard, PARTNER_VARIANTS } from '../api-types/billing'
import { PLAN_IDS } from '../api-types/plans'
import { SUPPORT_CATEGORIES, SUPPORT_ROUTE } from '../support'
import { ENTERPRISE_CONTACT_HREF, PLAN_CARDS, planCardHref } from './plan-cards'
import { PLAN_TABLE } from './plan-table'

const card = (id: string) => PLAN_CARDS.find((c) => c.id === id)!

describe('PLAN_CARDS', () => {
  it('are the four plans a customer picks, in order, each matching the contract', () => {
    expect(PLAN_CARDS.map((c) => c.id)).toEqual(['tier_free', 'tier_pro', 'tier_team', 'tier_enterprise'])
    for (const c of PLAN_CARDS) expect(planCard.parse(c)).toEqual(c)
  })

  it('take their names and prices from the plan table', () => {
    const { free, pro, team, enterprise } = PLAN_TABLE.plans
    expect(PLAN_CARDS.map((c) => [c.name, c.priceMonthly])).toEqual([
      [free.name, free.priceMonthly],
      [pro.name, pro.priceMonthly],
      [team.name, team.priceMonthly],
      [enterprise.name, 'Custom'],
    ])
    expect(PLAN_CARDS.map((c) => c.priceMonthly)).toEqual([0, 25, 599, 'Custom'])
  })

  it('Pro: from $25 / month, most popular, with $10 of compute credits', () => {
    expect(card('tier_pro')).toMatchObject({ priceLabel: 'From', costUnit: '/ month', nameBadge: 'Most popular', preface: 'Everything in the Free plan, plus:', cta: 'Upgrade to Pro' })
    expect(card('tier_pro').features.supabase).toContain('$10 in compute credits included')
    expect(card('tier_pro').features.supabase).toContain('8 GB database size per project, then $0.125 per GB')
    expect(card('tier_pro').features.supabase).toContain('250 GB egress, then $0.09 per GB')
    expect(card('tier_pro').features.supabase).toContain('100,000 monthly active users, then $0.00325 per MAU')
  })

  it('Team: from $599 / month; Enterprise: a custom price and the contact form', () => {
    expect(card('tier_team')).toMatchObject({ priceLabel: 'From', costUnit: '/ month', cta: 'Upgrade to Team' })
    expect(card('tier_enterprise')).toMatchObject({ priceLabel: null, costUnit: null, priceMonthly: 'Custom', cta: 'Contact sales', href: ENTERPRISE_CONTACT_HREF })
  })

  it('Free warns of pausing after 1 week and of its 2 active projects', () => {
    expect(card('tier_free').warning).toBe('Free projects are paused after 1 week of inactivity. Limited to 2 active projects (1 for a partner organization).')
    expect(PLAN_CARDS.filter((c) => c.warning !== null).map((c) => c.id)).toEqual(['tier_free'])
  })

  it('the partner variant of Free says 1 active project instead of 2; the other cards are the same for both', () => {
    const free = card('tier_free').features
    expect(free.supabase).toContain('2 active projects')
    expect(free['vercel-marketplace']).toContain('1 active project')
    expect(free['vercel-marketplace']).not.toContain('2 active projects')
    expect(free.supabase.filter((f) => !free['vercel-marketplace'].includes(f))).toEqual(['2 active projects'])
    for (const c of PLAN_CARDS.slice(1)) expect(c.features['vercel-marketplace']).toEqual(c.features.supabase)
    for (const c of PLAN_CARDS) for (const variant of PARTNER_VARIANTS) expect(c.features[variant].length).toBeGreaterThan(0)
  })

  it('Free states the sizes of the table in GB and MB of 1024', () => {
    expect(card('tier_free').features.supabase).toEqual(
      expect.arrayContaining(['500 MB database size per project', '5 GB egress', '1 GB file storage', '50,000 monthly active users', 'Nano compute: shared CPU, 512 MB memory'])
    )
  })
})

describe('hrefs', () => {
  it('self-serve plans lead to a new project on that plan; the page puts in the organization', () => {
    expect(PLAN_CARDS.slice(0, 3).map((c) => c.href)).toEqual(['/new?plan=free', '/new?plan=pro', '/new?plan=team'])
    expect(planCardHref(card('tier_pro'), 'acme')).toBe('/new/acme?plan=pro')
    expect(planCardHref(card('tier_free'), 'vercel_acme')).toBe('/new/vercel_acme?plan=free')
    for (const c of PLAN_CARDS.slice(0, 3)) expect(PLAN_IDS).toContain(new URL(c.href, 'http://localhost').searchParams.get('plan'))
  })

  it('Enterprise leads to this product’s support form, as a billing enquiry', () => {
    const url = new URL(ENTERPRISE_CONTACT_HREF, 'http://localhost')
    expect(ENTERPRISE_CONTACT_HREF.startsWith('/')).toBe(true)
    expect(url.pathname).toBe(SUPPORT_ROUTE)
    expect(SUPPORT_CATEGORIES.map((c) => c.value)).toContain(url.searchParams.get('category'))
    expect(url.searchParams.get('subject')).toBe('Enterprise plan enquiry')
    expect(planCardHref(card('tier_enterprise'), 'acme')).toBe(ENTERPRISE_CONTACT_HREF)
  })
})

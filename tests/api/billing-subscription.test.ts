// @vitest-environment node
/**
 * The subscription over HTTP, on an embedded and on a PostgreSQL control plane: what it answers,
 * upgrades and the refused changes (too many projects for Free, Enterprise, Read-only members),
 * the preview (priced from stored usage, changing nothing), who may change it, the audit log, an
 * upgrade lifting a restriction at once, and changes racing each other and a project creation.
 * And the migration that put every organization's projects on its plan.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '@/server/db/migrate'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { roundCents } from '@/lib/billing/money'
import { GB } from '@/lib/billing/plan-table'
import { dayOf } from '@/lib/billing/period'
import { emptyControlPlane, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, organizationOnPlan, ownerWithOrg, runSql } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`subscription: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
    })
    afterAll(async () => stop?.())

    const subscriptionPath = (slug: string, rest = '') => `/platform/organizations/${slug}/billing/subscription${rest}`
    const change = (token: string, slug: string, tier: string) => tp.call('PUT', subscriptionPath(slug), { token, body: { tier } })
    const preview = (token: string, slug: string, tier: string) => tp.call('POST', subscriptionPath(slug, '/preview'), { token, body: { tier } })

    async function orgRow(id: number) {
      const [row] = await tp.platform.db.query<{ tier: string; plan: string; restriction_status: string | null; quota_note: string | null; over_quota_at: unknown }>(
        'select tier, plan, restriction_status, quota_note, over_quota_at from organizations where id = $1',
        [id]
      )
      return row
    }
    const history = (id: number) =>
      tp.platform.db.query<{ tier: string; changed_by: string | null }>(
        'select tier, changed_by::text as changed_by from organization_subscriptions where organization_id = $1 order by started_at, id',
        [id]
      )
    /** Active project rows without a database: enough for what counts them. */
    async function activeRows(organizationId: number, count: number) {
      for (let i = 0; i < count; i++)
        await tp.platform.db.query(
          `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan)
           select $1, $2, id, 'ACTIVE_HEALTHY', 'AWS', 'us-east-1', plan from organizations where id = $3`,
          [`s${Date.now()}${i}${Math.random().toString(36).slice(2, 8)}`.slice(0, 20), `Row ${i}`, organizationId]
        )
    }

    it('answers a new organization on Free: no billing email, the masked payment method, the current month', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Fresh Org')
      const res = await tp.call('GET', subscriptionPath(org.slug), { token })
      expect(res.status).toBe(200)
      const now = new Date()
      expect(res.body).toMatchObject({
        tier: 'tier_free',
        plan: { id: 'free', name: 'Free' },
        spend_cap: true,
        price_monthly: 0,
        compute_credits_monthly: 0,
        billing_email: 'Unknown',
        payment_method: { processor: 'none', masked: '**** **** **** ****', card: null },
        restriction_status: null,
        restriction_data: null,
        current_period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
        current_period_end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
      })
      expect(res.body.payment_method.note).toContain('no card processor')
      expect(Math.abs(new Date(res.body.tier_since).getTime() - now.getTime())).toBeLessThan(60_000)
      // The first row of its tier history, by its creator.
      expect(await history(org.id)).toHaveLength(1)
      const payment = await tp.call('GET', `/platform/organizations/${org.slug}/payment-methods`, { token })
      expect(payment.body).toEqual(res.body.payment_method)
    })

    it('upgrades Free to Pro at once: the subscription, the organization list, its projects and the audit log say Pro', async () => {
      const owner = await ownerWithOrg(tp, 'Upgrade Org')
      const ref = await activeProject(tp, owner.token, owner.org.slug)
      const res = await change(owner.token, owner.org.slug, 'tier_pro')
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ tier: 'tier_pro', plan: { id: 'pro', name: 'Pro' }, spend_cap: true, price_monthly: 25, compute_credits_monthly: 10 })
      const orgs = (await tp.call('GET', '/platform/organizations', { token: owner.token })).body as { slug: string; plan: { id: string; name: string } }[]
      expect(orgs.find((o) => o.slug === owner.org.slug)?.plan).toEqual({ id: 'pro', name: 'Pro' })
      expect((await tp.call('GET', `/platform/projects/${ref}`, { token: owner.token })).body.plan).toBe('pro')
      const [stored] = await tp.platform.db.query<{ plan: string }>('select plan from projects where ref = $1', [ref])
      expect(stored.plan).toBe('pro')
      expect((await history(owner.org.id)).map((h) => h.tier)).toEqual(['tier_free', 'tier_pro'])
      const audit = await tp.platform.db.query<{ action: string; actor_email: string; target_type: string; target_id: string; details: unknown }>(
        `select action, actor_email, target_type, target_id, details from audit_log where organization_id = $1 order by id`,
        [owner.org.id]
      )
      const changed = audit.filter((a) => a.action === 'subscription.changed')
      expect(changed).toHaveLength(1)
      expect(changed[0]).toMatchObject({ target_type: 'subscription', target_id: owner.org.slug, details: { from: 'tier_free', to: 'tier_pro' } })
      expect(changed[0].actor_email).toMatch(/@example\.com$/)
      expect(audit.map((a) => a.action)).toContain('organization.created')
      // The same tier again changes nothing: no history row, no audit entry.
      expect((await change(owner.token, owner.org.slug, 'tier_pro')).status).toBe(200)
      expect(await history(owner.org.id)).toHaveLength(2)
      const [{ n }] = await tp.platform.db.query<{ n: number }>(
        `select count(*)::int as n from audit_log where organization_id = $1 and action = 'subscription.changed'`,
        [owner.org.id]
      )
      expect(n).toBe(1)
    })

    it('previews the new monthly cost from stored usage, and changes nothing', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Preview Org')
      // A project database of 10 GB today: 2 GB beyond what paid plans include per project.
      await tp.platform.db.query(
        `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value) values ($1, $2, 'DATABASE_SIZE', 'bigproject', 'Big', $3)`,
        [org.id, dayOf(new Date()), 10 * GB]
      )
      const pro = await preview(token, org.slug, 'tier_pro')
      expect(pro.status).toBe(200)
      expect(pro.body).toMatchObject({
        current: { tier: 'tier_free', plan: { id: 'free' }, price_monthly: 0 },
        target: { tier: 'tier_pro', plan: { id: 'pro' }, price_monthly: 25 },
        change: 'upgrade',
        refusal: null,
      })
      // Pro has its spend cap on: the database beyond 8 GB is not billed.
      expect(pro.body.projected_monthly.lines.find((l: { metric: string }) => l.metric === 'DATABASE_SIZE')).toMatchObject({ usage: 10 * GB, billed: false, amount: 0 })
      const compute = (body: { projected_monthly: { lines: { metric: string; amount: number }[] } }) =>
        body.projected_monthly.lines.find((l) => l.metric === 'COMPUTE_HOURS')!.amount
      expect(pro.body.projected_monthly.base).toBe(25)
      expect(pro.body.projected_monthly.credits_applied).toBe(roundCents(Math.min(10, compute(pro.body))))
      expect(pro.body.projected_monthly.total).toBe(roundCents(25 + pro.body.projected_monthly.usage - pro.body.projected_monthly.credits_applied))
      expect(pro.body.notes.join(' ')).toContain('Spend cap on')

      // Pay as you go bills it: 2 GB at $0.125.
      const payg = (await preview(token, org.slug, 'tier_payg')).body
      const database = payg.projected_monthly.lines.find((l: { metric: string }) => l.metric === 'DATABASE_SIZE')
      expect(database).toMatchObject({ usage: 10 * GB, overage: 2 * GB, billed: true, price: 0.125 })
      expect(database.amount).toBeCloseTo(0.25, 10)
      expect(payg.projected_monthly.usage).toBe(roundCents(0.25 + compute(payg)))
      expect(payg.projected_monthly.total).toBe(roundCents(25 + payg.projected_monthly.usage - payg.projected_monthly.credits_applied))
      expect(payg.projected_monthly.total).toBeGreaterThanOrEqual(25.25)

      const team = (await preview(token, org.slug, 'tier_team')).body
      expect(team.projected_monthly.base).toBe(599)
      expect(team.notes.join(' ')).toContain('Read-only role becomes available')

      const same = (await preview(token, org.slug, 'tier_free')).body
      expect(same).toMatchObject({ change: 'none', refusal: null })

      expect(await orgRow(org.id)).toMatchObject({ tier: 'tier_free', plan: 'free' })
      expect(await history(org.id)).toHaveLength(1)
    })

    it('refuses a downgrade to Free with 3 active projects, with the preview saying why; allows it once one is paused', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Busy Org')
      const refs = [
        await activeProject(tp, token, org.slug, { plan: 'pro' }),
        await activeProject(tp, token, org.slug),
        await activeProject(tp, token, org.slug),
      ]
      const message = 'The Free plan allows 2 active projects per organization, and Busy Org has 3. Pause or delete 1 of them first.'
      const seen = await preview(token, org.slug, 'tier_free')
      expect(seen.body).toMatchObject({ change: 'downgrade', refusal: message })
      expect(seen.body.notes.join(' ')).toContain('paused after 7 days without activity')
      const refused = await change(token, org.slug, 'tier_free')
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(message)
      expect(await orgRow(org.id)).toMatchObject({ tier: 'tier_pro', plan: 'pro' })

      expect((await tp.call('POST', `/platform/projects/${refs[2]}/pause`, { token })).status).toBe(200)
      await settle(tp.platform)
      expect((await preview(token, org.slug, 'tier_free')).body.refusal).toBeNull()
      const allowed = await change(token, org.slug, 'tier_free')
      expect(allowed.status).toBe(200)
      expect(allowed.body.tier).toBe('tier_free')
      const plans = await tp.platform.db.query<{ plan: string }>('select plan from projects where organization_id = $1', [org.id])
      expect(plans.map((p) => p.plan)).toEqual(['free', 'free', 'free'])
      // Restoring the third one now meets the Free plan's limit.
      const restore = await tp.call('POST', `/platform/projects/${refs[2]}/restore`, { token })
      expect(restore.status).toBe(400)
      expect(restore.body.message).toContain('The Free plan allows 2 active projects')
    })

    it('refuses a downgrade to Free for a partner (vercel_) organization with 2 active projects', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Partner Org')
      const slug = `vercel_${org.slug}`.slice(0, 60)
      await tp.platform.db.query('update organizations set slug = $2 where id = $1', [org.id, slug])
      await organizationOnPlan(tp, token, slug, 'pro')
      await activeRows(org.id, 2)
      const refused = await change(token, slug, 'tier_free')
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe('The Free plan allows 1 active project per organization, and Partner Org has 2. Pause or delete 1 of them first.')
      expect((await orgRow(org.id)).tier).toBe('tier_pro')
    })

    it('refuses Enterprise: it is arranged with our team, through the contact form', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Big Org')
      const refused = await change(token, org.slug, 'tier_enterprise')
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe('Enterprise plans are arranged with our team: use the contact form.')
      expect(refused.body.contact_url).toMatch(/^\/support\/new\?/)
      const seen = (await preview(token, org.slug, 'tier_enterprise')).body
      expect(seen.refusal).toBe('Enterprise plans are arranged with our team: use the contact form.')
      expect(seen.notes.join(' ')).toContain(refused.body.contact_url)
      expect(seen.projected_monthly.base).toBeNull()
      expect((await orgRow(org.id)).tier).toBe('tier_free')
    })

    it('refuses Team to Pro while Read-only members exist, saying how many', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Team Org')
      expect((await change(token, org.slug, 'tier_team')).status).toBe(200)
      await memberOf(tp, org.id, 'Read-only')
      await memberOf(tp, org.id, 'Read-only')
      const message = 'The Pro plan does not offer the Read-only role, and Team Org has 2 Read-only members. Change their roles first.'
      expect((await preview(token, org.slug, 'tier_pro')).body.refusal).toBe(message)
      const refused = await change(token, org.slug, 'tier_pro')
      expect(refused.status).toBe(400)
      expect(refused.body.message).toBe(message)
      expect((await orgRow(org.id)).tier).toBe('tier_team')
      // Pay as you go is Pro too: the same refusal.
      expect((await change(token, org.slug, 'tier_payg')).status).toBe(400)
    })

    it('lets every member read and preview, only Owners and Admins change; outsiders do not see it', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Roles Org')
      const admin = await memberOf(tp, org.id, 'Admin')
      const outsider = (await ownerWithOrg(tp, 'Outside Org')).token
      const [{ id: taxId }] = await tp.platform.db.query<{ id: number }>(
        `insert into organization_tax_ids (organization_id, type, value, country) values ($1, 'us_ein', '12-3456789', 'US') returning id::int as id`,
        [org.id]
      )
      for (const role of ['Developer', 'Read-only'] as const) {
        const member = await memberOf(tp, org.id, role)
        expect((await tp.call('GET', subscriptionPath(org.slug), { token: member })).status).toBe(200)
        expect((await preview(member, org.slug, 'tier_pro')).status).toBe(200)
        expect((await tp.call('GET', `/platform/organizations/${org.slug}/billing/invoices`, { token: member })).status).toBe(200)
        expect((await change(member, org.slug, 'tier_pro')).status).toBe(403)
        const tax = `/platform/organizations/${org.slug}/tax-ids`
        expect((await tp.call('GET', tax, { token: member })).status).toBe(200)
        expect((await tp.call('POST', tax, { token: member, body: { type: 'us_ein', value: '98-7654321', country: 'US' } })).status).toBe(403)
        expect((await tp.call('DELETE', tax, { token: member, body: { id: taxId } })).status).toBe(403)
        const pay = `/platform/organizations/${org.slug}/payment-methods`
        expect((await tp.call('POST', pay, { token: member, body: { payment_method_token: 'pm_x' } })).status).toBe(403)
      }
      expect((await tp.call('GET', subscriptionPath(org.slug), { token: outsider })).status).toBe(404)
      expect((await change(outsider, org.slug, 'tier_pro')).status).toBe(404)
      expect((await orgRow(org.id)).tier).toBe('tier_free')
      // An Admin may; there is no card processor, so attaching a card says so and stores nothing.
      const attach = await tp.call('POST', `/platform/organizations/${org.slug}/payment-methods`, { token: admin, body: { payment_method_token: 'pm_x' } })
      expect(attach.status).toBe(409)
      expect(attach.body.message).toContain('No card processor is configured')
      // (Team: the plan that offers the Read-only role its member has.)
      expect((await change(admin, org.slug, 'tier_team')).status).toBe(200)
      const added = await tp.call('POST', `/platform/organizations/${org.slug}/tax-ids`, { token, body: { type: 'us_ein', value: '98-7654321', country: 'US' } })
      expect(added.status).toBe(201)
    })

    it('lifts a restriction at once on an upgrade: SQL is served again', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Restricted Org')
      const ref = await activeProject(tp, token, org.slug)
      await tp.platform.db.query(
        `update organizations set restriction_status = 'restricted', restriction_data = '{"grace_period_end":"2020-01-01T00:00:00.000Z"}',
           quota_note = 'Project “x” uses 600 MB of database space.', over_quota_at = now() where id = $1`,
        [org.id]
      )
      const refused = await runSql(tp, token, ref, 'select 1 as one')
      expect(refused.status).toBe(402)
      expect((await tp.call('GET', subscriptionPath(org.slug), { token })).body.restriction_status).toBe('restricted')
      const upgraded = await change(token, org.slug, 'tier_pro')
      expect(upgraded.body).toMatchObject({ tier: 'tier_pro', restriction_status: null, restriction_data: null })
      expect(await orgRow(org.id)).toMatchObject({ restriction_status: null, quota_note: null })
      expect((await runSql(tp, token, ref, 'select 1 as one')).status).toBe(200)
      // Back to Free and over quota again: the grace was spent, so the next sample restricts at once.
      expect((await change(token, org.slug, 'tier_free')).status).toBe(200)
      tp.platform.config.freeDatabaseQuotaBytes = 1
      try {
        await sampleUsage(tp.platform)
      } finally {
        tp.platform.config.freeDatabaseQuotaBytes = undefined
      }
      expect((await orgRow(org.id)).restriction_status).toBe('restricted')
    })

    it('keeps a downgrade from lifting a restriction', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Still Restricted')
      await organizationOnPlan(tp, token, org.slug, 'team')
      await tp.platform.db.query(`update organizations set restriction_status = 'grace_period' where id = $1`, [org.id])
      expect((await change(token, org.slug, 'tier_pro')).body).toMatchObject({ tier: 'tier_pro', restriction_status: 'grace_period' })
    })

    it('ends two changes at once consistent: the tier is the last one of the history', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Racing Org')
      const results = await Promise.all([change(token, org.slug, 'tier_pro'), change(token, org.slug, 'tier_team')])
      expect(results.map((r) => r.status)).toEqual([200, 200])
      const rows = await history(org.id)
      expect(rows).toHaveLength(3)
      const { tier, plan } = await orgRow(org.id)
      expect(tier).toBe(rows[rows.length - 1].tier)
      expect(['tier_pro', 'tier_team']).toContain(tier)
      expect(plan).toBe(tier.replace('tier_', ''))
      const subscription = (await tp.call('GET', subscriptionPath(org.slug), { token })).body
      expect(subscription.tier).toBe(tier)
    })

    it('never leaves 3 active projects on Free when a downgrade races a project creation', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Race Org')
      for (let round = 0; round < 4; round++) {
        await organizationOnPlan(tp, token, org.slug, 'pro')
        await tp.platform.db.query(`update projects set status = 'REMOVED' where organization_id = $1`, [org.id])
        await activeRows(org.id, 2)
        const [downgrade, creation] = await Promise.all([
          change(token, org.slug, 'tier_free'),
          tp.call('POST', '/platform/projects', { token, body: { name: `Racer ${round}`, organization_slug: org.slug } }),
        ])
        const { tier } = await orgRow(org.id)
        const [{ active }] = await tp.platform.db.query<{ active: number }>(
          `select count(*)::int as active from projects where organization_id = $1 and status not in ('INACTIVE', 'REMOVED', 'GOING_DOWN')`,
          [org.id]
        )
        // One of the two wins; whichever it is, the Free plan's limit holds.
        expect([downgrade.status, creation.status].sort()).toEqual(downgrade.status === 200 ? [200, 400] : [201, 400])
        if (tier === 'tier_free') expect(active).toBeLessThanOrEqual(2)
        else expect(active).toBe(3)
        await settle(tp.platform)
      }
    })
  })
}

describe('migration 0019: one plan per organization', () => {
  it('raises a Free organization with active paid projects to the highest of their plans, and puts every project on its organization plan', async () => {
    const all = fs.readdirSync(path.join(process.cwd(), 'server', 'migrations')).filter((f) => f.endsWith('.sql'))
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'migrations-'))
    const db = await emptyControlPlane()
    try {
      for (const file of all.filter((f) => f < '0019'))
        fs.copyFileSync(path.join(process.cwd(), 'server', 'migrations', file), path.join(dir, file))
      await migrate(db, dir)
      const org = async (slug: string, plan: string) =>
        (await db.query<{ id: number }>(`insert into organizations (name, slug, plan, tier) values ($1, $1, $2, 'tier_' || $2) returning id::int as id`, [slug, plan]))[0].id
      const project = (organizationId: number, ref: string, plan: string, status = 'ACTIVE_HEALTHY') =>
        db.query(`insert into projects (ref, name, organization_id, status, cloud_provider, region, plan) values ($1, $1, $2, $3, 'AWS', 'us-east-1', $4)`, [
          ref,
          organizationId,
          status,
          plan,
        ])
      const mixed = await org('mixed', 'free')
      await project(mixed, 'm1', 'free')
      await project(mixed, 'm2', 'pro')
      await project(mixed, 'm3', 'team')
      await project(mixed, 'm4', 'enterprise', 'INACTIVE') // paused: not counted
      const paused = await org('paused', 'free')
      await project(paused, 'p1', 'pro', 'INACTIVE')
      const team = await org('team', 'team')
      await project(team, 't1', 'free')

      for (const file of all.filter((f) => f >= '0019')) fs.copyFileSync(path.join(process.cwd(), 'server', 'migrations', file), path.join(dir, file))
      await migrate(db, dir)

      const orgs = await db.query<{ slug: string; plan: string; tier: string }>('select slug, plan, tier from organizations order by id')
      expect(orgs).toEqual([
        { slug: 'mixed', plan: 'team', tier: 'tier_team' },
        { slug: 'paused', plan: 'free', tier: 'tier_free' },
        { slug: 'team', plan: 'team', tier: 'tier_team' },
      ])
      const raised = await db.query<{ organization_id: number; tier: string }>('select organization_id::int as organization_id, tier from organization_subscriptions')
      expect(raised).toEqual([{ organization_id: mixed, tier: 'tier_team' }])
      const projects = await db.query<{ ref: string; plan: string }>('select ref, plan from projects order by ref')
      expect(projects).toEqual([
        { ref: 'm1', plan: 'team' },
        { ref: 'm2', plan: 'team' },
        { ref: 'm3', plan: 'team' },
        { ref: 'm4', plan: 'team' },
        { ref: 'p1', plan: 'free' },
        { ref: 't1', plan: 'team' },
      ])
    } finally {
      await db.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})


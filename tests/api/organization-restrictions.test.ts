// @vitest-environment node
/**
 * Organization restrictions (SPEC §4) from measured usage, on an embedded and on a PostgreSQL
 * server backend: a Free project's database grows past the quota → grace period → restricted
 * when it ends → SQL refused with the quota named → an upgrade lifts it. Every quota of a capped
 * tier counts (egress, monthly active users, not only disk), a tier that bills usage is never
 * restricted, and two app instances sampling at once move a status only once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GB } from '@/lib/billing/plan-table'
import { dayOf } from '@/lib/billing/period'
import { measureDatabaseSizes, sampleUsage } from '@/server/billing/usage-sampling'
import { updateRestrictions } from '@/server/billing/restriction-status'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql } from '../helpers/project-backends'

const MB = 1024 * 1024
/** About 3 MB of rows that do not compress (each value is under the TOAST threshold). */
const GROW = `create table filler as select g, repeat(md5(g::text), 30) as t from generate_series(1, 3000) g`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`organization restrictions: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ restrictionGraceSeconds: 1 }))
    })
    afterAll(async () => stop?.())

    const sizeOf = async (ref: string) =>
      Number((await tp.platform.db.query<{ b: string }>('select db_size_bytes::text as b from projects where ref = $1', [ref]))[0].b)
    const orgOf = async (token: string, slug: string) =>
      ((await tp.call('GET', '/platform/organizations', { token })).body as { slug: string; restriction_status: string | null; restriction_data: { grace_period_end?: string } | null }[]).find(
        (o) => o.slug === slug
      )!
    const statusOf = async (organizationId: number) =>
      (await tp.platform.db.query<{ s: string | null; note: string | null }>('select restriction_status as s, quota_note as note from organizations where id = $1', [organizationId]))[0]
    const addEgress = (organizationId: number, bytes: number) =>
      tp.platform.db.query(`insert into usage_daily (organization_id, day, metric, project_ref, project_name, value) values ($1, $2, 'EGRESS', 'someref', 'Some project', $3)
        on conflict (organization_id, day, metric, project_ref) do update set value = usage_daily.value + excluded.value`, [
        organizationId,
        dayOf(new Date()),
        bytes,
      ])

    it('measures, gives a grace period, restricts when it ends, refuses SQL naming the quota, and an upgrade lifts it', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Quota Org')
      const ref = await activeProject(tp, token, org.slug)
      await sampleUsage(tp.platform)
      const before = await sizeOf(ref)
      expect(before).toBeGreaterThan(0)
      expect((await orgOf(token, org.slug)).restriction_status).toBeNull()

      // The quota sits just above today's size; the rows below go past it.
      tp.platform.config.freeDatabaseQuotaBytes = before + MB
      const grown = await runSql(tp, token, ref, GROW)
      expect(grown.status, JSON.stringify(grown.body)).toBe(200)
      const sampledFrom = Date.now()
      await sampleUsage(tp.platform)
      const sampledBy = Date.now()
      expect(await sizeOf(ref)).toBeGreaterThan(before + MB)
      const grace = await orgOf(token, org.slug)
      expect(grace.restriction_status).toBe('grace_period')
      // The grace period (1 s here) runs from the sample that found the database past its quota
      // (bounds around that sample, not the time now: a busy machine may take long to get here).
      const end = Date.parse(grace.restriction_data!.grace_period_end!)
      expect(end).toBeGreaterThanOrEqual(sampledFrom + 1000 - 10)
      expect(end).toBeLessThanOrEqual(sampledBy + 1000 + 10)
      // During the grace period the project still serves.
      expect((await runSql(tp, token, ref, 'select count(*) from filler')).status).toBe(200)

      await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 50))
      await sampleUsage(tp.platform)
      expect((await orgOf(token, org.slug)).restriction_status).toBe('restricted')
      const usage = (await tp.call('GET', `/platform/organizations/${org.slug}/usage`, { token })).body
      expect(usage).toMatchObject({ plan: { id: 'free' }, tier: 'tier_free', database_size_quota_bytes: before + MB, restriction_status: 'restricted' })
      expect(usage.metrics.find((m: { metric: string }) => m.metric === 'DATABASE_SIZE')).toMatchObject({ included: before + MB })
      expect(usage.projects).toEqual([expect.objectContaining({ ref, db_size_bytes: await sizeOf(ref), measured_at: expect.any(String) })])
      expect(usage.quota_note).toMatch(/^Project “.+” uses \d+(\.\d)? MB of database space; the Free plan includes \d+(\.\d)? MB per project\.$/)
      const refused = await runSql(tp, token, ref, 'select 1')
      expect(refused.status).toBe(402)
      expect(refused.body.message).toContain('used up its quota')
      expect(refused.body.message).toMatch(/uses \d+(\.\d)? MB of database space; the Free plan includes \d+(\.\d)? MB per project/)

      // Pay as you go bills what is beyond the quota instead.
      const upgraded = await tp.call('PUT', `/platform/organizations/${org.slug}/billing/subscription`, { token, body: { tier: 'tier_payg' } })
      expect(upgraded.status).toBe(200)
      await sampleUsage(tp.platform)
      const lifted = await orgOf(token, org.slug)
      expect(lifted.restriction_status).toBeNull()
      // The episode's grace end is kept for later (lib/restrictions.ts), not shown without a status.
      expect(lifted.restriction_data).toBeNull()
      expect((await runSql(tp, token, ref, 'select 1')).status).toBe(200)
      expect((await tp.call('GET', `/platform/organizations/${org.slug}/usage`, { token })).body).toMatchObject({
        tier: 'tier_payg',
        database_size_quota_bytes: null,
        quota_note: null,
      })
    })

    it('a paused project is not counted: pausing the one over quota leaves the restriction behind', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Pause Org')
      const ref = await activeProject(tp, token, org.slug)
      const grown = await runSql(tp, token, ref, GROW)
      expect(grown.status, JSON.stringify(grown.body)).toBe(200)
      await measureDatabaseSizes(tp.platform)
      tp.platform.config.freeDatabaseQuotaBytes = (await sizeOf(ref)) - MB
      await updateRestrictions(tp.platform)
      expect((await orgOf(token, org.slug)).restriction_status).toBe('grace_period')
      await tp.call('POST', `/platform/projects/${ref}/pause`, { token })
      await settle(tp.platform)
      // After the grace period, nothing counted is over: grace_period_over, not restricted.
      await updateRestrictions(tp.platform, new Date(Date.now() + 1500))
      expect((await orgOf(token, org.slug)).restriction_status).toBe('grace_period_over')
      // A whole grace length later without being over quota, it is clear.
      await updateRestrictions(tp.platform, new Date(Date.now() + 3000))
      expect((await orgOf(token, org.slug)).restriction_status).toBeNull()
    })

    it("egress beyond the Free plan's 5 GB this month restricts, with the quota named", async () => {
      tp.platform.config.freeDatabaseQuotaBytes = undefined
      const { org } = await ownerWithOrg(tp, 'Egress Org')
      await addEgress(org.id, 5 * GB)
      await updateRestrictions(tp.platform, new Date(), org.id)
      // Exactly what the plan includes is not over it.
      expect((await statusOf(org.id)).s).toBeNull()
      await addEgress(org.id, 0.2 * GB + 1)
      await updateRestrictions(tp.platform, new Date(), org.id)
      expect(await statusOf(org.id)).toEqual({ s: 'grace_period', note: 'Egress this month is 5.2 GB; the Free plan includes 5 GB.' })
      await updateRestrictions(tp.platform, new Date(Date.now() + 1500), org.id)
      expect((await statusOf(org.id)).s).toBe('restricted')
    })

    it('monthly active users beyond the quota restrict a capped tier; a tier that bills them never is', async () => {
      const { org } = await ownerWithOrg(tp, 'Users Org')
      await tp.platform.db.query(
        `insert into usage_active_users (organization_id, day, user_id) select $1, $2::date, gen_random_uuid() from generate_series(1, 50001)`,
        [org.id, dayOf(new Date())]
      )
      await updateRestrictions(tp.platform, new Date(), org.id)
      expect(await statusOf(org.id)).toEqual({ s: 'grace_period', note: 'This month has 50,001 monthly active users; the Free plan includes 50,000.' })
      // Pro with its spend cap includes 100,000: the next sample finds nothing over (the grace period still runs out).
      await tp.platform.db.query(`update organizations set tier = 'tier_pro', plan = 'pro' where id = $1`, [org.id])
      await updateRestrictions(tp.platform, new Date(Date.now() + 1500), org.id)
      expect((await statusOf(org.id)).s).toBe('grace_period_over')

      const { org: billed } = await ownerWithOrg(tp, 'Billed Org')
      await tp.platform.db.query(`update organizations set tier = 'tier_payg', plan = 'pro' where id = $1`, [billed.id])
      await addEgress(billed.id, 300 * GB)
      await updateRestrictions(tp.platform, new Date(), billed.id)
      expect((await statusOf(billed.id)).s).toBeNull()
    })

    it('two instances sampling at once move a status once', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Race Org')
      const ref = await activeProject(tp, token, org.slug)
      await measureDatabaseSizes(tp.platform)
      tp.platform.config.freeDatabaseQuotaBytes = (await sizeOf(ref)) - 1
      const now = new Date()
      const changed = await Promise.all([updateRestrictions(tp.platform, now, org.id), updateRestrictions(tp.platform, now, org.id)])
      expect(changed[0] + changed[1]).toBe(1)
      const [{ n }] = await tp.platform.db.query<{ n: number }>(
        `select count(*)::int as n from organizations where id = $1 and restriction_status = 'grace_period'`,
        [org.id]
      )
      expect(n).toBe(1)
    })
  })
}

describe('self-hosted mode', () => {
  it('has no quotas: nothing is measured and nothing is ever restricted', async () => {
    const tp = await startTestPlatform({ isPlatform: false, freeDatabaseQuotaBytes: 1, restrictionGraceSeconds: 1 })
    try {
      await settle(tp.platform)
      await sampleUsage(tp.platform)
      await new Promise((r) => setTimeout(r, 1100))
      await sampleUsage(tp.platform)
      const orgs = await tp.platform.db.query<{ restriction_status: string | null }>('select restriction_status from organizations')
      expect(orgs.length).toBeGreaterThan(0)
      expect(orgs.every((o) => o.restriction_status === null)).toBe(true)
      const [{ n }] = await tp.platform.db.query<{ n: number }>('select count(*)::int as n from projects where db_size_bytes is not null')
      expect(n).toBe(0)
      const [{ rows }] = await tp.platform.db.query<{ rows: number }>('select count(*)::int as rows from usage_daily')
      expect(rows).toBe(0)
    } finally {
      await tp.close()
    }
  })
})

// @vitest-environment node
/**
 * Organization restrictions (SPEC §4) from measured usage, on an embedded and on a PostgreSQL
 * server backend: a Free project's database grows past the quota → grace period → restricted
 * when it ends → SQL refused with the quota named → a paid plan lifts it. And two app instances
 * sampling at once move a status only once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measureDatabaseSizes, sampleUsage, updateRestrictions } from '@/server/orgs/usage'
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

    it('measures, gives a grace period, restricts when it ends, refuses SQL naming the quota, and a paid plan lifts it', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Quota Org')
      const ref = await activeProject(tp, token, org.slug)
      await sampleUsage(tp.platform)
      const before = await sizeOf(ref)
      expect(before).toBeGreaterThan(0)
      expect((await orgOf(token, org.slug)).restriction_status).toBeNull()

      // The quota sits just above today's size; the rows below go past it.
      tp.platform.config.freeDatabaseQuotaBytes = before + MB
      expect((await runSql(tp, token, ref, GROW)).status).toBe(200)
      await sampleUsage(tp.platform)
      expect(await sizeOf(ref)).toBeGreaterThan(before + MB)
      const grace = await orgOf(token, org.slug)
      expect(grace.restriction_status).toBe('grace_period')
      const end = Date.parse(grace.restriction_data!.grace_period_end!)
      expect(end).toBeGreaterThan(Date.now() - 1000)
      expect(end).toBeLessThan(Date.now() + 2000)
      // During the grace period the project still serves.
      expect((await runSql(tp, token, ref, 'select count(*) from filler')).status).toBe(200)

      await new Promise((r) => setTimeout(r, Math.max(0, end - Date.now()) + 50))
      await sampleUsage(tp.platform)
      expect((await orgOf(token, org.slug)).restriction_status).toBe('restricted')
      const usage = (await tp.call('GET', `/platform/organizations/${org.slug}/usage`, { token })).body
      expect(usage).toMatchObject({ plan: { id: 'free' }, database_size_quota_bytes: before + MB, restriction_status: 'restricted' })
      expect(usage.projects).toEqual([expect.objectContaining({ ref, db_size_bytes: await sizeOf(ref), measured_at: expect.any(String) })])
      expect(usage.quota_note).toContain('database space')
      const refused = await runSql(tp, token, ref, 'select 1')
      expect(refused.status).toBe(402)
      expect(refused.body.message).toContain('used up its quota')
      expect(refused.body.message).toMatch(/uses \d+(\.\d)? MB of database space; the Free plan includes \d+(\.\d)? MB per project/)

      // A paid plan bills what is beyond the quota instead.
      await tp.platform.db.query(`update organizations set plan = 'pro' where id = $1`, [org.id])
      await sampleUsage(tp.platform)
      const lifted = await orgOf(token, org.slug)
      expect(lifted.restriction_status).toBeNull()
      expect(lifted.restriction_data).toBeNull()
      expect((await runSql(tp, token, ref, 'select 1')).status).toBe(200)
    })

    it('a paused project is not counted: pausing the one over quota leaves the restriction behind', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Pause Org')
      const ref = await activeProject(tp, token, org.slug)
      expect((await runSql(tp, token, ref, GROW)).status).toBe(200)
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

    it('two instances sampling at once move a status once', async () => {
      const { token, org } = await ownerWithOrg(tp, 'Race Org')
      const ref = await activeProject(tp, token, org.slug)
      await measureDatabaseSizes(tp.platform)
      tp.platform.config.freeDatabaseQuotaBytes = (await sizeOf(ref)) - 1
      const now = new Date()
      const changed = await Promise.all([updateRestrictions(tp.platform, now), updateRestrictions(tp.platform, now)])
      // The suite's other organizations are not over a restricting quota: only this one is looked at.
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
    } finally {
      await tp.close()
    }
  })
})

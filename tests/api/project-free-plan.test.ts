// @vitest-environment node
/**
 * The Free plan's limit (2 active projects per organization, 1 for a vercel_ organization), also
 * when two creations race (on an embedded and on a PostgreSQL control plane); a project is on its
 * organization's plan; and inactivity: a project of a Free organization without activity is
 * paused, one of a paid organization never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pauseInactiveProjects } from '@/server/projects/inactivity'
import { NO_BACKGROUND_PASSES, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`free plan: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      // The tests run the inactivity pass themselves. The scheduler's own pass (every health check)
      // would pause a project whenever setting up the next one took over 2 s, as on a busy machine.
      ;({ tp, stop } = await backend.start({ pauseInactiveAfterSeconds: 2, ...NO_BACKGROUND_PASSES }))
    })
    afterAll(async () => stop?.())

    const create = (token: string, slug: string, plan?: string) =>
      tp.call('POST', '/platform/projects', { token, body: { name: `P ${Date.now()}`, organization_slug: slug, ...(plan ? { plan } : {}) } })

    it('allows 2 active projects in a Free organization, then answers a clear 400; paused projects do not count', async () => {
      const { token, org } = await ownerWithOrg(tp)
      expect((await create(token, org.slug)).status).toBe(201)
      expect((await create(token, org.slug, 'free')).status).toBe(201)
      const third = await create(token, org.slug)
      expect(third.status).toBe(400)
      expect(third.body.message).toContain('The Free plan allows 2 active projects per organization')
      await settle(tp.platform)
      // Pausing one makes room; restoring it while the room is taken is refused.
      const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string; plan: string; organization_slug: string }[]
      const free = list.filter((p) => p.organization_slug === org.slug)
      expect(free.map((p) => p.plan)).toEqual(['free', 'free'])
      await tp.call('POST', `/platform/projects/${free[0].ref}/pause`, { token })
      await settle(tp.platform)
      expect((await create(token, org.slug)).status).toBe(201)
      const restore = await tp.call('POST', `/platform/projects/${free[0].ref}/restore`, { token })
      expect(restore.status).toBe(400)
      expect(restore.body.message).toContain('Free plan')
      expect(await statusOf(tp, free[0].ref)).toBe('INACTIVE')
      await settle(tp.platform)
    })

    it("puts a project on its organization's plan: another plan in the body is refused", async () => {
      const { token, org } = await ownerWithOrg(tp)
      const paid = await create(token, org.slug, 'pro')
      expect(paid.status).toBe(400)
      expect(paid.body.message).toBe("Projects take their organization's plan (Free). Change the organization's plan on its billing page first.")
      const [{ count }] = await tp.platform.db.query<{ count: number }>('select count(*)::int as count from projects where organization_id = $1', [org.id])
      expect(count).toBe(0)
      // On Pro: no limit on active projects, and each project answers the organization's plan.
      expect((await tp.call('PUT', `/platform/organizations/${org.slug}/billing/subscription`, { token, body: { tier: 'tier_pro' } })).status).toBe(200)
      const made = [await create(token, org.slug), await create(token, org.slug, 'pro'), await create(token, org.slug)]
      expect(made.map((r) => r.status)).toEqual([201, 201, 201])
      expect(made.map((r) => r.body.plan)).toEqual(['pro', 'pro', 'pro'])
      expect((await create(token, org.slug, 'free')).body.message).toContain("Projects take their organization's plan (Pro)")
      await settle(tp.platform)
    })

    it('allows 1 for a partner (vercel_) organization', async () => {
      const { token, org } = await ownerWithOrg(tp)
      const slug = `vercel_${org.slug}`.slice(0, 60)
      await tp.platform.db.query('update organizations set slug = $2 where id = $1', [org.id, slug])
      expect((await create(token, slug)).status).toBe(201)
      const second = await create(token, slug)
      expect(second.status).toBe(400)
      expect(second.body.message).toContain('allows 1 active project per organization')
      await settle(tp.platform)
    })

    it('lets only one of two concurrent creations take the last place', async () => {
      const { token, org } = await ownerWithOrg(tp)
      expect((await create(token, org.slug)).status).toBe(201)
      const results = await Promise.all([create(token, org.slug), create(token, org.slug)])
      expect(results.map((r) => r.status).sort()).toEqual([201, 400])
      const [{ count }] = await tp.platform.db.query<{ count: number }>(`select count(*)::int as count from projects where organization_id = $1`, [org.id])
      expect(count).toBe(2)
      await settle(tp.platform)
    })

    it("pauses projects of Free organizations without activity, never a paid organization's, and says why", async () => {
      const { token, org } = await ownerWithOrg(tp)
      const free = await activeProject(tp, token, org.slug)
      const paid = await ownerWithOrg(tp, 'Paid Org')
      const pro = await activeProject(tp, paid.token, paid.org.slug, { plan: 'pro' })
      expect((await runSql(tp, token, free, 'select 1')).status).toBe(200)
      // Recent activity keeps it. The run's activity is written once its answer is on its way:
      // the check comes after that write, as it would a moment later on a real platform.
      await settle(tp.platform)
      await pauseInactiveProjects(tp.platform)
      expect(await statusOf(tp, free)).toBe('ACTIVE_HEALTHY')
      await new Promise((resolve) => setTimeout(resolve, 2_100))
      await pauseInactiveProjects(tp.platform)
      await settle(tp.platform)
      expect(await statusOf(tp, free)).toBe('INACTIVE')
      expect(await statusOf(tp, pro)).toBe('ACTIVE_HEALTHY')
      const detail = (await tp.call('GET', `/platform/projects/${free}`, { token })).body
      expect(detail.status_message).toContain('without activity')
      expect((await runSql(tp, token, free, 'select 1')).status).toBe(409)
      // The organization's audit log has the pause, done by the platform itself.
      const audit = (await tp.call('GET', `/platform/organizations/${org.slug}/audit`, { token })).body
      expect(audit.entries).toContainEqual(
        expect.objectContaining({ action: 'project.paused', actor: null, target: expect.objectContaining({ id: free }), details: expect.objectContaining({ reason: 'inactivity' }) })
      )
    })
  })
}

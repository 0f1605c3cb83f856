// @vitest-environment node
/**
 * The Free plan's limit (2 active projects per organization, 1 for a vercel_ organization), also
 * when two creations race (on an embedded and on a PostgreSQL control plane), and inactivity:
 * a Free project without activity is paused, a paid one never.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pauseInactiveProjects } from '@/server/projects/inactivity'
import { settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, runSql, statusOf } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`free plan: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ pauseInactiveAfterSeconds: 2 }))
    })
    afterAll(async () => stop?.())

    const create = (token: string, slug: string, plan?: string) =>
      tp.call('POST', '/platform/projects', { token, body: { name: `P ${Date.now()}`, organization_slug: slug, ...(plan ? { plan } : {}) } })

    it('allows 2 active Free projects, then answers a clear 400; paid plans and paused projects do not count', async () => {
      const { token, org } = await ownerWithOrg(tp)
      expect((await create(token, org.slug)).status).toBe(201)
      expect((await create(token, org.slug)).status).toBe(201)
      const third = await create(token, org.slug)
      expect(third.status).toBe(400)
      expect(third.body.message).toContain('The Free plan allows 2 active projects per organization')
      expect((await create(token, org.slug, 'pro')).status).toBe(201)
      await settle(tp.platform)
      // Pausing one makes room; restoring it while the room is taken is refused.
      const list = (await tp.call('GET', '/platform/projects', { token })).body as { ref: string; plan: string; organization_slug: string }[]
      const free = list.filter((p) => p.plan === 'free' && p.organization_slug === org.slug)
      await tp.call('POST', `/platform/projects/${free[0].ref}/pause`, { token })
      await settle(tp.platform)
      expect((await create(token, org.slug)).status).toBe(201)
      const restore = await tp.call('POST', `/platform/projects/${free[0].ref}/restore`, { token })
      expect(restore.status).toBe(400)
      expect(restore.body.message).toContain('Free plan')
      expect(await statusOf(tp, free[0].ref)).toBe('INACTIVE')
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

    it('pauses Free projects without activity, never paid ones, and says why', async () => {
      const { token, org } = await ownerWithOrg(tp)
      const free = await activeProject(tp, token, org.slug)
      const pro = await activeProject(tp, token, org.slug, { plan: 'pro' })
      expect((await runSql(tp, token, free, 'select 1')).status).toBe(200)
      // Recent activity keeps it.
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
    })
  })
}

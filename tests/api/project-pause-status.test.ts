// @vitest-environment node
/**
 * GET /platform/projects/{ref}/pause-status: for a Free project, its last activity and the moment
 * the inactivity rule would pause it (that activity plus PAUSE_INACTIVE_AFTER_SECONDS); on a paid
 * plan the rule does not apply and there is no such moment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, organizationOnPlan, startWithReader } from '../helpers/project-backends'

const WEEK = 7 * 24 * 3600

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`pause status: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string
    let org: { slug: string }

    beforeAll(async () => {
      ;({ tp, stop, owner, reader, ref, org } = await startWithReader(backend, { overrides: { pauseInactiveAfterSeconds: WEEK }, project: {} }))
    })
    afterAll(async () => stop?.())

    it('a Free project: its last activity, and a week after it the pause', async () => {
      await tp.platform.db.query(`update projects set last_activity_at = '2026-03-01T10:00:00Z' where ref = $1`, [ref])
      const res = await tp.call('GET', `/platform/projects/${ref}/pause-status`, { token: reader })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ applies: true, last_activity_at: '2026-03-01T10:00:00.000Z', pause_at: '2026-03-08T10:00:00.000Z', inactive_after_seconds: WEEK })
    })

    it('a paid plan: never paused for inactivity', async () => {
      await organizationOnPlan(tp, owner, org.slug, 'team')
      const res = await tp.call('GET', `/platform/projects/${ref}/pause-status`, { token: owner })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ applies: false, pause_at: null })
    })
  })
}

// @vitest-environment node
/**
 * One definition of a project's database size, on both backends: the project home's figure
 * (GET /platform/projects/{ref}/database-size) is the platform's own measure, the one usage
 * sampling stores and quotas compare, and it is stored for them; while the organization is
 * restricted (its SQL refused) the last sampled size answers, with when it was measured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleUsage } from '@/server/billing/usage-sampling'
import type { ProjectDbLocation } from '@/server/databases'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`database size: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string
    let orgId: number

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader, org: { id: orgId } } = await startWithReader(backend))
    })
    afterAll(async () => stop?.())

    const stored = async () =>
      (await tp.platform.db.query<{ bytes: string; region: string; db_location: ProjectDbLocation }>(
        'select db_size_bytes::text as bytes, region, db_location from projects where ref = $1',
        [ref]
      ))[0]

    it('answers the size quotas use, and stores it for them', async () => {
      await sampleUsage(tp.platform, { organizationId: orgId })
      const sampled = Number((await stored()).bytes)
      const res = await tp.call('GET', `/platform/projects/${ref}/database-size`, { token: reader })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ live: true })
      // The same measure as the sample's, give or take what the database wrote in between.
      expect(Math.abs(res.body.bytes - sampled)).toBeLessThan(256 * 1024)
      expect(Number((await stored()).bytes)).toBe(res.body.bytes)
      const { db_location, region } = await stored()
      expect(Math.abs((await tp.platform.databases.sizeBytes(db_location, region)) - res.body.bytes)).toBeLessThan(256 * 1024)
    })

    it('answers the last sampled size, with its time, while the organization is restricted', async () => {
      await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [orgId])
      await tp.platform.db.query(`update projects set db_size_bytes = 41943040, db_size_measured_at = '2026-01-02T10:00:00Z' where ref = $1`, [ref])
      const res = await tp.call('GET', `/platform/projects/${ref}/database-size`, { token: owner })
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ bytes: 41943040, measured_at: '2026-01-02T10:00:00.000Z', live: false })
      await tp.platform.db.query(`update organizations set restriction_status = null where id = $1`, [orgId])
    })
  })
}

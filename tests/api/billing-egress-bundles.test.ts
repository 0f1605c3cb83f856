// @vitest-environment node
/**
 * Next bundles the SQL route and the instrumentation hook (whose scheduler flushes the usage)
 * apart, each with its own copy of every module. Bytes counted by one copy must be flushed by the
 * other: the count lives on the platform, not in a module.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

it('flushes, from one copy of the egress module, the bytes another copy counted', async () => {
  const [org] = await tp.platform.db.query<{ id: number }>(`insert into organizations (name, slug) values ('Bundles', 'bundles-egress') returning id::int as id`)
  const [project] = await tp.platform.db.query<{ id: number }>(
    `insert into projects (ref, name, organization_id, status, cloud_provider, region) values ('bundlesegressbundles', 'Bundled', $1, 'INACTIVE', 'AWS', 'us-east-1') returning id::int as id`,
    [org.id]
  )
  const routeCopy = await import('@/server/billing/egress')
  vi.resetModules()
  const schedulerCopy = await import('@/server/billing/egress')
  expect(schedulerCopy).not.toBe(routeCopy)

  routeCopy.countEgress(tp.platform, project.id, 1234)
  await schedulerCopy.flushEgress(tp.platform)

  const rows = await tp.platform.db.query<{ value: string }>(`select value::text from usage_daily where organization_id = $1 and metric = 'EGRESS'`, [org.id])
  expect(rows.map((r) => Number(r.value))).toEqual([1234])
})

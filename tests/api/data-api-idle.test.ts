// @vitest-environment node
/**
 * The data API's idle stop counts a request as activity until its answer ends: a request that runs
 * longer than DATA_API_IDLE_SECONDS is answered, not cut off by its own PostgREST being stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf } from '../helpers/project-backends'
import { dataApiProcesses } from '@/server/data-api/data-api-service'

describe.skipIf(!BACKENDS[0].enabled)('data API idle stop', () => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let ref: string
  let url: string
  let anon: string

  beforeAll(async () => {
    ;({ tp, stop } = await BACKENDS[0].start({ dataApi: { idleSeconds: 1, maxProcesses: 20 } }))
    const { token, org } = await ownerWithOrg(tp, 'Idle Org')
    ref = await activeProject(tp, token, org.slug)
    await rowsOf(tp, token, ref, `create function public.slow() returns text language sql as $$ select pg_sleep(2.5); select 'done' $$`)
    const keys = (await tp.call('GET', `/platform/projects/${ref}/api-settings`, { token })).body
    url = keys.url
    anon = keys.anon_key
  })
  afterAll(() => stop())

  it('answers a request that outlasts the idle time, then stops once idle', async () => {
    const res = await fetch(`${url}/rest/v1/rpc/slow`, { method: 'POST', headers: { apikey: anon, 'Content-Type': 'application/json' }, body: '{}' })
    expect(res.status).toBe(200)
    expect(await res.json()).toBe('done')
    expect(dataApiProcesses(tp.platform).isRunning(ref)).toBe(true)
    for (let i = 0; i < 100 && dataApiProcesses(tp.platform).isRunning(ref); i++) await new Promise((r) => setTimeout(r, 100))
    expect(dataApiProcesses(tp.platform).isRunning(ref)).toBe(false)
  })
})

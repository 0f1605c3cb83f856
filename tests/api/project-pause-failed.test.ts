// @vitest-environment node
/**
 * PAUSE_FAILED on a real server: a pause whose database server is gone cannot close the database,
 * so the project ends PAUSE_FAILED with the reason (not INACTIVE, not stuck in PAUSING); once the
 * server is back, restoring it makes it ACTIVE_HEALTHY with its data, and pausing again works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

type Detail = { status: string; status_message: string | null }

describe.runIf(pgClusterAvailable())('a pause that cannot reach the database server', () => {
  let cluster: PgCluster
  let tp: TestPlatform
  let token: string
  let ref: string

  const detail = async (): Promise<Detail> => (await tp.call('GET', `/platform/projects/${ref}`, { token })).body
  const pollStatus = () => expect.poll(async () => (await detail()).status, { timeout: 60_000, interval: 100 })

  beforeAll(async () => {
    cluster = await startPgCluster()
    // Health checks far apart: the pause, not a check, is what meets the stopped server.
    tp = await startTestPlatform({ projectDbServers: `*=${cluster.url}`, healthCheckIntervalMs: 600_000 })
    const user = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: user.token })
    token = user.token
    const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Pauses', tier: 'tier_pro' } })).body
    ref = (await tp.call('POST', '/platform/projects', { token, body: { name: 'Stuck', organization_slug: org.slug, plan: 'pro' } })).body.ref
    await settle(tp.platform)
  })
  afterAll(async () => {
    await tp?.close()
    await cluster?.stop()
  })

  it('ends PAUSE_FAILED with the reason, and is restored once the server is back', async () => {
    await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'create table kept (v text); insert into kept values ($$before$$)' } })
    await cluster.pause()
    const paused = await tp.call('POST', `/platform/projects/${ref}/pause`, { token })
    expect(paused.status).toBe(200)
    expect(paused.body.status).toBe('PAUSING')
    await pollStatus().toBe('PAUSE_FAILED')
    expect((await detail()).status_message).toMatch(/^Pausing failed at .*: the database could not be closed\. Pause again, or restore the project\.$/)
    const sql = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'select 1' } })
    expect(sql.status).toBe(409)

    await cluster.resume()
    expect((await tp.call('POST', `/platform/projects/${ref}/restore`, { token })).status).toBe(200)
    await pollStatus().toBe('ACTIVE_HEALTHY')
    const rows = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query: 'select v from kept' } })
    expect(rows.body).toEqual([{ v: 'before' }])
    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token })).status).toBe(200)
    await pollStatus().toBe('INACTIVE')
  })
})

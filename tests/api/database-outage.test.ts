// @vitest-environment node
/**
 * A database server that stops: its projects become ACTIVE_UNHEALTHY with the reason, SQL answers
 * 503 saying so, the rest of the dashboard keeps working, and everything comes back on its own
 * when the server does. Projects created meanwhile are set up by retries, or by hand once the
 * retries are used up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

type Detail = { status: string; status_message: string | null }

describe.runIf(pgClusterAvailable())('a project database server that stops and comes back', () => {
  let cluster: PgCluster
  let tp: TestPlatform
  let giveUp: TestPlatform
  let token: string
  let giveUpToken: string
  let slug: string
  let giveUpSlug: string

  const detail = async (platform: TestPlatform, t: string, ref: string): Promise<Detail> =>
    (await platform.call('GET', `/platform/projects/${ref}`, { token: t })).body
  const pollStatus = (platform: TestPlatform, t: string, ref: string) =>
    expect.poll(async () => (await detail(platform, t, ref)).status, { timeout: 30_000, interval: 100 })

  async function ownerOf(platform: TestPlatform) {
    const user = await platform.signUp()
    await platform.call('POST', '/platform/profile', { token: user.token })
    // On Pro: no limit on active projects (a project is on its organization's plan).
    const org = (await platform.call('POST', '/platform/organizations', { token: user.token, body: { name: 'Outage', tier: 'tier_pro' } })).body
    return { token: user.token, slug: org.slug as string }
  }
  const create = async (platform: TestPlatform, t: string, orgSlug: string) =>
    (await platform.call('POST', '/platform/projects', { token: t, body: { name: 'During', organization_slug: orgSlug, plan: 'pro' } })).body.ref as string

  beforeAll(async () => {
    cluster = await startPgCluster()
    const servers = `*=${cluster.url}`
    tp = await startTestPlatform({ projectDbServers: servers, healthCheckIntervalMs: 200, provisionRetryBaseMs: 300, provisionMaxAttempts: 10 })
    giveUp = await startTestPlatform({ projectDbServers: servers, healthCheckIntervalMs: 200, provisionRetryBaseMs: 100, provisionMaxAttempts: 2 })
    ;({ token, slug } = await ownerOf(tp))
    ;({ token: giveUpToken, slug: giveUpSlug } = await ownerOf(giveUp))
  })
  afterAll(async () => {
    await tp?.close()
    await giveUp?.close()
    await cluster?.stop()
  })

  it('is noticed, said, and recovered from by itself', async () => {
    const queried = await create(tp, token, slug)
    const idle = await create(tp, token, slug)
    await settle(tp.platform)
    expect((await detail(tp, token, queried)).status).toBe('ACTIVE_HEALTHY')
    await tp.call('POST', `/platform/pg-meta/${queried}/query`, { token, body: { query: 'create table kept (v text); insert into kept values ($$before$$)' } })

    await cluster.pause()
    const sql = await tp.call('POST', `/platform/pg-meta/${queried}/query`, { token, body: { query: 'select 1' } })
    expect(sql.status).toBe(503)
    expect(sql.body.message).toContain('does not answer')
    const unhealthy = await detail(tp, token, queried)
    expect(unhealthy.status).toBe('ACTIVE_UNHEALTHY')
    expect(unhealthy.status_message).toMatch(/has not answered since .* recovers by itself/)
    // A project nobody queried is found by the scheduled check.
    await pollStatus(tp, token, idle).toBe('ACTIVE_UNHEALTHY')
    // The rest keeps working.
    expect((await tp.call('GET', '/platform/projects', { token })).status).toBe(200)
    // Created during the outage: set-up fails, says it will try again, and waits.
    const during = await create(tp, token, slug)
    await expect.poll(async () => (await detail(tp, token, during)).status_message ?? '', { timeout: 30_000 }).toContain('trying again')
    expect((await detail(tp, token, during)).status).toBe('COMING_UP')

    await cluster.resume()
    await pollStatus(tp, token, queried).toBe('ACTIVE_HEALTHY')
    await pollStatus(tp, token, idle).toBe('ACTIVE_HEALTHY')
    await pollStatus(tp, token, during).toBe('ACTIVE_HEALTHY')
    const rows = await tp.call('POST', `/platform/pg-meta/${queried}/query`, { token, body: { query: 'select v from kept' } })
    expect(rows.body).toEqual([{ v: 'before' }])
    expect((await detail(tp, token, queried)).status_message).toBeNull()
  })

  it('gives up after the last automatic attempt, and can be retried by hand', async () => {
    await cluster.pause()
    const ref = await create(giveUp, giveUpToken, giveUpSlug)
    await pollStatus(giveUp, giveUpToken, ref).toBe('INIT_FAILED')
    expect((await detail(giveUp, giveUpToken, ref)).status_message).toContain('after 2 attempts')
    await cluster.resume()
    const retried = await giveUp.call('POST', `/platform/projects/${ref}/retry-provisioning`, { token: giveUpToken })
    expect(retried.status).toBe(200)
    expect(retried.body.status).toBe('COMING_UP')
    await pollStatus(giveUp, giveUpToken, ref).toBe('ACTIVE_HEALTHY')
    const again = await giveUp.call('POST', `/platform/projects/${ref}/retry-provisioning`, { token: giveUpToken })
    expect(again.status).toBe(409)
  })
})

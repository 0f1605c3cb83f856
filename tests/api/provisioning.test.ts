// @vitest-environment node
/** Provisioning that fails says so without leaking where the servers are. */
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { claimDue, provisionClaimed, type ProvisionClaim } from '@/server/projects/provision'
import { NO_BACKGROUND_PASSES, settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  // Nothing listens on port 1: every project in eu-west-1 fails to provision.
  tp = await startTestPlatform({ projectDbServers: 'eu-west-1=postgres://admin:s3cret@127.0.0.1:1/postgres', provisionMaxAttempts: 1 })
})
afterAll(async () => tp?.close())

it('marks the project INIT_FAILED with a message that names no server or role', async () => {
  const { token } = await tp.signUp()
  await tp.call('POST', '/platform/profile', { token })
  const org = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Unlucky' } })).body
  const created = await tp.call('POST', '/platform/projects', { token, body: { name: 'Doomed', organization_slug: org.slug, region: 'eu-west-1' } })
  expect(created.status).toBe(201)
  await settle(tp.platform)
  const detail = (await tp.call('GET', `/platform/projects/${created.body.ref}`, { token })).body
  expect(detail.status).toBe('INIT_FAILED')
  expect(detail.status_message).toContain('could not be created')
  expect(detail.status_message).toContain(created.body.ref)
  expect(detail.status_message).not.toMatch(/127\.0\.0\.1|admin|s3cret/)
  const sql = await tp.call('POST', `/platform/pg-meta/${created.body.ref}/query`, { token, body: { query: 'select 1' } })
  expect(sql.status).toBe(409)
  // Its server does not answer: the delete still ends, there is no database of it to wait for.
  expect((await tp.call('DELETE', `/platform/projects/${created.body.ref}`, { token })).status).toBe(200)
  await settle(tp.platform)
  const [row] = await tp.platform.db.query<{ status: string }>('select status from projects where ref = $1', [created.body.ref])
  expect(row.status).toBe('REMOVED')
})

it('a failed attempt that lets go of its lease late never lets go of the next attempt’s (which would let a third run beside it)', async () => {
  const own = await startTestPlatform({
    projectDbServers: 'eu-west-1=postgres://admin:s3cret@127.0.0.1:1/postgres',
    provisionMaxAttempts: 2,
    provisionRetryBaseMs: 1,
    ...NO_BACKGROUND_PASSES,
  })
  try {
    const release = /^update projects set lease_owner = null, lease_until = null where ref = \$1 and lease_owner = \$2/
    // The first attempt's last statement, its release, waits until the next attempt was claimed.
    let claimed = () => {}
    const nextClaimed = new Promise<void>((resolve) => (claimed = resolve))
    let held = false
    let releasing = () => {}
    const firstReleaseWaits = new Promise<void>((resolve) => (releasing = resolve))
    const query = own.platform.db.query.bind(own.platform.db)
    vi.spyOn(own.platform.db, 'query').mockImplementation(async (...args: Parameters<typeof query>) => {
      if (!held && release.test(args[0])) {
        held = true
        releasing()
        await nextClaimed
      }
      return query(...args)
    })
    const { token } = await own.signUp()
    await own.call('POST', '/platform/profile', { token })
    const org = (await own.call('POST', '/platform/organizations', { token, body: { name: 'Twice' } })).body
    const { ref } = (await own.call('POST', '/platform/projects', { token, body: { name: 'Retried', organization_slug: org.slug, region: 'eu-west-1' } })).body
    await firstReleaseWaits
    let next: ProvisionClaim[] = []
    while (next.length === 0) next = await claimDue(own.platform, 1)
    expect(next[0]).toMatchObject({ ref, attempts: 2 })
    const leaseOf = async () => (await query<{ lease_owner: string | null }>('select lease_owner from projects where ref = $1', [ref]))[0].lease_owner
    const secondLease = await leaseOf()
    expect(secondLease).not.toBeNull()
    claimed()
    await settle(own.platform)
    // Still the second attempt's: no other claim can take the project while it runs.
    expect(await leaseOf()).toBe(secondLease)
    expect(await claimDue(own.platform, 1)).toEqual([])
    await provisionClaimed(own.platform, next[0])
    const detail = (await own.call('GET', `/platform/projects/${ref}`, { token })).body
    expect(detail.status).toBe('INIT_FAILED')
    expect(detail.status_message).toContain('after 2 attempts')
  } finally {
    await own.close()
  }
})

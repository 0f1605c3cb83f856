// @vitest-environment node
/**
 * Two tabs at once: of two accepts of one invitation exactly one wins; of two Owners demoting or
 * removing each other at the same moment exactly one succeeds, and the organization keeps an
 * Owner. On the embedded control plane and, when PostgreSQL is installed, on a real server where
 * the transactions truly overlap.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable, startPgCluster, type PgCluster } from '../helpers/pg-cluster'

type Account = { token: string; userId: string; email: string }

function suite(start: () => Promise<TestPlatform>, stop: () => Promise<void> = async () => {}) {
  let tp: TestPlatform
  beforeAll(async () => {
    tp = await start()
  })
  // The platform closes its connections before the server it talks to stops.
  afterAll(async () => {
    await tp?.close()
    await stop()
  })

  async function account(): Promise<Account> {
    const email = `race-${Math.random().toString(36).slice(2)}@example.com`
    const { token, userId } = await tp.signUp(email)
    await tp.call('POST', '/platform/profile', { token })
    return { token, userId, email }
  }

  async function twoOwners() {
    const first = await account()
    const second = await account()
    const org = (await tp.call('POST', '/platform/organizations', { token: first.token, body: { name: 'Race' } })).body
    const sent = await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations`, { token: first.token, body: { email: second.email, role: 'Owner' } })
    expect((await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations/${sent.body.token}`, { token: second.token })).status).toBe(200)
    return { first, second, org }
  }

  const owners = async (orgId: number) =>
    (await tp.platform.db.query<{ n: number }>(`select count(*)::int as n from organization_members where organization_id = $1 and role = 'Owner'`, [orgId]))[0].n

  it('two accepts of one invitation: one joins, the other finds it used', async () => {
    const owner = await account()
    const invitee = await account()
    const org = (await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name: 'Race' } })).body
    const base = `/platform/organizations/${org.slug}/members/invitations`
    const sent = await tp.call('POST', base, { token: owner.token, body: { email: invitee.email, role: 'Admin' } })
    const answers = await Promise.all([1, 2, 3].map(() => tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410])
    const rows = await tp.platform.db.query(`select role from organization_members where organization_id = $1 and role = 'Admin'`, [org.id])
    expect(rows).toEqual([{ role: 'Admin' }])
  })

  it('two Owners demoting each other at once: one succeeds, one Owner is left', async () => {
    const { first, second, org } = await twoOwners()
    const path = (who: Account) => `/platform/organizations/${org.slug}/members/${who.userId}`
    const answers = await Promise.all([
      tp.call('PATCH', path(second), { token: first.token, body: { role: 'Developer' } }),
      tp.call('PATCH', path(first), { token: second.token, body: { role: 'Developer' } }),
    ])
    // The one demoted first is no Owner any more when its own request runs: 403, or 400 for the last Owner.
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 400 || a.status === 403)).toBe(true)
    expect(await owners(org.id)).toBe(1)
  })

  it('two Owners each demoting themselves at once: one succeeds', async () => {
    const { first, second, org } = await twoOwners()
    const answers = await Promise.all(
      [first, second].map((who) => tp.call('PATCH', `/platform/organizations/${org.slug}/members/${who.userId}`, { token: who.token, body: { role: 'Admin' } }))
    )
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    expect(await owners(org.id)).toBe(1)
  })

  it('two Owners both leaving at once: one leaves, the other stays Owner', async () => {
    const { first, second, org } = await twoOwners()
    const answers = await Promise.all([first, second].map((who) => tp.call('POST', `/platform/organizations/${org.slug}/leave`, { token: who.token })))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400])
    expect(await owners(org.id)).toBe(1)
  })

  it('removing each other at once: one Owner is left', async () => {
    const { first, second, org } = await twoOwners()
    const answers = await Promise.all([
      tp.call('DELETE', `/platform/organizations/${org.slug}/members/${second.userId}`, { token: first.token }),
      tp.call('DELETE', `/platform/organizations/${org.slug}/members/${first.userId}`, { token: second.token }),
    ])
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(await owners(org.id)).toBe(1)
  })
}

describe('on the embedded control plane', () => {
  suite(() => startTestPlatform())
})

describe.runIf(pgClusterAvailable())('on a PostgreSQL control plane', () => {
  let cluster: PgCluster
  suite(
    async () => {
      cluster = await startPgCluster()
      return startTestPlatform({ platformDatabaseUrl: cluster.url })
    },
    async () => cluster?.stop()
  )
})

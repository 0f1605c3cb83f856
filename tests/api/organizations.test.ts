// @vitest-environment node
/**
 * Organizations over HTTP: created on a plan tier, renamed, deleted (refused while projects
 * remain); members listed, their roles changed and removed under the rules of SPEC §6 (Read-only
 * on Team and Enterprise only, only an Owner makes Owners, always one Owner left); and nothing of
 * an organization is told to someone outside it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

type Account = { token: string; userId: string; email: string }

async function account(): Promise<Account> {
  const email = `org-${Math.random().toString(36).slice(2)}@example.com`
  const { token, userId } = await tp.signUp(email)
  await tp.call('POST', '/platform/profile', { token })
  return { token, userId, email }
}

async function organization(owner: Account, body: Record<string, unknown> = {}) {
  const res = await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name: 'Acme', ...body } })
  expect(res.status).toBe(201)
  return res.body as { id: number; slug: string; name: string; plan: { id: string }; billing_email: string }
}

/** Joins through the real invitation flow. */
async function join(owner: Account, slug: string, role: string): Promise<Account> {
  const member = await account()
  const invited = await tp.call('POST', `/platform/organizations/${slug}/members/invitations`, { token: owner.token, body: { email: member.email, role } })
  expect(invited.status).toBe(201)
  const accepted = await tp.call('POST', `/platform/organizations/${slug}/members/invitations/${invited.body.token}`, { token: member.token })
  expect(accepted.status).toBe(200)
  return member
}

const members = async (who: Account, slug: string) =>
  (await tp.call('GET', `/platform/organizations/${slug}/members`, { token: who.token })).body as { gotrue_id: string; role: string; primary_email: string }[]

describe('creating an organization', () => {
  it.each([
    [undefined, 'free', 'Free'],
    ['tier_free', 'free', 'Free'],
    ['tier_pro', 'pro', 'Pro'],
    ['tier_payg', 'pro', 'Pro'],
    ['tier_team', 'team', 'Team'],
    ['tier_enterprise', 'enterprise', 'Enterprise'],
  ])('tier %s is stored as the %s plan', async (tier, plan, name) => {
    const owner = await account()
    const org = await organization(owner, tier ? { tier } : {})
    expect(org.plan).toEqual({ id: plan, name })
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: owner.token })).body.plan.id).toBe(plan)
  })

  it('has no billing email until one is given (Unknown), and its creator is its Owner', async () => {
    const owner = await account()
    const org = await organization(owner)
    expect(org).toMatchObject({ billing_email: 'Unknown', role: 'Owner', is_owner: true, managed_by: 'supabase' })
    expect((await organization(owner, { billing_email: 'Billing@Example.com' })).billing_email).toBe('Billing@Example.com')
  })

  it('refuses an unknown tier with a message naming the tiers', async () => {
    const res = await tp.call('POST', '/platform/organizations', { token: (await account()).token, body: { name: 'X', tier: 'tier_gold' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('tier must be one of tier_free, tier_pro, tier_payg, tier_team, tier_enterprise')
  })
})

describe('renaming', () => {
  it('changes the name and billing email, never the slug', async () => {
    const owner = await account()
    const org = await organization(owner)
    const res = await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: owner.token, body: { name: '  Renamed  ', billing_email: 'pay@example.com' } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ name: 'Renamed', slug: org.slug, billing_email: 'pay@example.com' })
    const cleared = await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: owner.token, body: { billing_email: null } })
    expect(cleared.body.billing_email).toBe('Unknown')
    const list = (await tp.call('GET', '/platform/organizations', { token: owner.token })).body
    expect(list.find((o: { slug: string }) => o.slug === org.slug).name).toBe('Renamed')
  })

  it.each([
    [{}, 'Give a new name or billing email to change'],
    [{ name: '   ' }, 'Organization name is required'],
    [{ name: 'x'.repeat(65) }, 'Organization name must be 64 characters or fewer'],
    [{ billing_email: 'nope' }, 'Billing email must be a valid email address'],
  ])('refuses %j: %s', async (body, message) => {
    const owner = await account()
    const org = await organization(owner)
    const res = await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: owner.token, body })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
  })

  it('is for Owners and Admins', async () => {
    const owner = await account()
    const org = await organization(owner)
    const admin = await join(owner, org.slug, 'Admin')
    const developer = await join(owner, org.slug, 'Developer')
    expect((await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: admin.token, body: { name: 'By admin' } })).status).toBe(200)
    const refused = await tp.call('PATCH', `/platform/organizations/${org.slug}`, { token: developer.token, body: { name: 'By developer' } })
    expect(refused.status).toBe(403)
  })
})

describe('deleting', () => {
  async function projectIn(orgId: number, status: string) {
    const ref = `d${Math.random().toString(36).slice(2, 12)}`
    await tp.platform.db.query(
      `insert into projects (ref, name, organization_id, status, cloud_provider, region) values ($1, $1, $2, $3, 'AWS', 'us-east-1')`,
      [ref, orgId, status]
    )
    return ref
  }

  it('is refused while projects remain, and takes members, invitations and removed projects with it', async () => {
    const owner = await account()
    const org = await organization(owner)
    const developer = await join(owner, org.slug, 'Developer')
    await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations`, { token: owner.token, body: { email: 'later@example.com', role: 'Developer' } })
    const live = await projectIn(org.id, 'ACTIVE_HEALTHY')
    await projectIn(org.id, 'REMOVED')

    const refused = await tp.call('DELETE', `/platform/organizations/${org.slug}`, { token: owner.token })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('This organization still has 1 project. Delete it first, then delete the organization.')

    await tp.platform.db.query(`update projects set status = 'REMOVED' where ref = $1`, [live])
    const deleted = await tp.call('DELETE', `/platform/organizations/${org.slug}`, { token: owner.token })
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ slug: org.slug, deleted: true })
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: owner.token })).status).toBe(404)
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: developer.token })).status).toBe(404)
    const left = await tp.platform.db.query(
      `select (select count(*)::int from organization_members where organization_id = $1) as members,
              (select count(*)::int from organization_invitations where organization_id = $1) as invitations,
              (select count(*)::int from projects where organization_id = $1) as projects`,
      [org.id]
    )
    expect(left[0]).toEqual({ members: 0, invitations: 0, projects: 0 })
  })

  it('is for Owners only', async () => {
    const owner = await account()
    const org = await organization(owner)
    const admin = await join(owner, org.slug, 'Admin')
    const res = await tp.call('DELETE', `/platform/organizations/${org.slug}`, { token: admin.token })
    expect(res.status).toBe(403)
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: owner.token })).status).toBe(200)
  })
})

describe('members and roles', () => {
  it('every member reads the list, with each role', async () => {
    const owner = await account()
    const org = await organization(owner, { tier: 'tier_team' })
    const readOnly = await join(owner, org.slug, 'Read-only')
    const list = await members(readOnly, org.slug)
    expect(list.map((m) => [m.primary_email, m.role])).toEqual([
      [owner.email, 'Owner'],
      [readOnly.email, 'Read-only'],
    ])
    expect(list[0].gotrue_id).toBe(owner.userId)
  })

  it('an Admin changes roles and removes members, but cannot make or touch an Owner', async () => {
    const owner = await account()
    const org = await organization(owner)
    const admin = await join(owner, org.slug, 'Admin')
    const developer = await join(owner, org.slug, 'Developer')
    const path = (who: Account) => `/platform/organizations/${org.slug}/members/${who.userId}`

    const promoted = await tp.call('PATCH', path(developer), { token: admin.token, body: { role: 'Admin' } })
    expect(promoted.status).toBe(200)
    expect(promoted.body).toMatchObject({ gotrue_id: developer.userId, role: 'Admin' })

    const toOwner = await tp.call('PATCH', path(developer), { token: admin.token, body: { role: 'Owner' } })
    expect(toOwner.status).toBe(403)
    expect(toOwner.body.message).toBe('Only an Owner can make someone an Owner.')
    expect((await tp.call('PATCH', path(owner), { token: admin.token, body: { role: 'Developer' } })).status).toBe(403)
    expect((await tp.call('DELETE', path(owner), { token: admin.token })).status).toBe(403)

    const inviteOwner = await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations`, { token: admin.token, body: { email: 'boss@example.com', role: 'Owner' } })
    expect(inviteOwner.status).toBe(403)

    expect((await tp.call('DELETE', path(developer), { token: admin.token })).status).toBe(200)
    expect((await members(owner, org.slug)).map((m) => m.gotrue_id)).not.toContain(developer.userId)
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: developer.token })).status).toBe(404)
  })

  it('an Owner makes another Owner', async () => {
    const owner = await account()
    const org = await organization(owner)
    const admin = await join(owner, org.slug, 'Admin')
    const res = await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${admin.userId}`, { token: owner.token, body: { role: 'Owner' } })
    expect(res.status).toBe(200)
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: admin.token })).body.is_owner).toBe(true)
  })

  it('Developers and Read-only members change nothing', async () => {
    const owner = await account()
    const org = await organization(owner, { tier: 'tier_enterprise' })
    const developer = await join(owner, org.slug, 'Developer')
    const readOnly = await join(owner, org.slug, 'Read-only')
    for (const who of [developer, readOnly]) {
      expect((await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${owner.userId}`, { token: who.token, body: { role: 'Developer' } })).status).toBe(403)
      expect((await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations`, { token: who.token, body: { email: 'x@example.com', role: 'Developer' } })).status).toBe(403)
      expect((await tp.call('GET', `/platform/organizations/${org.slug}/members/invitations`, { token: who.token })).status).toBe(403)
    }
  })

  it('Read-only exists on Team and Enterprise only', async () => {
    const owner = await account()
    const free = await organization(owner)
    const developer = await join(owner, free.slug, 'Developer')
    const invite = await tp.call('POST', `/platform/organizations/${free.slug}/members/invitations`, { token: owner.token, body: { email: 'ro@example.com', role: 'Read-only' } })
    expect(invite.status).toBe(400)
    expect(invite.body.message).toBe('The Read-only role is available on the Team and Enterprise plans only; this organization is on the Free plan.')
    const change = await tp.call('PATCH', `/platform/organizations/${free.slug}/members/${developer.userId}`, { token: owner.token, body: { role: 'Read-only' } })
    expect(change.status).toBe(400)
    const pro = await organization(owner, { tier: 'tier_pro' })
    expect((await tp.call('POST', `/platform/organizations/${pro.slug}/members/invitations`, { token: owner.token, body: { email: 'ro@example.com', role: 'Read-only' } })).status).toBe(400)
    const team = await organization(owner, { tier: 'tier_team' })
    expect((await tp.call('POST', `/platform/organizations/${team.slug}/members/invitations`, { token: owner.token, body: { email: 'ro@example.com', role: 'Read-only' } })).status).toBe(201)
  })

  it('refuses an unknown role or member with a clear message', async () => {
    const owner = await account()
    const org = await organization(owner)
    const badRole = await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${owner.userId}`, { token: owner.token, body: { role: 'King' } })
    expect(badRole.status).toBe(400)
    expect(badRole.body.message).toContain('role must be one of Owner, Admin, Developer, Read-only')
    const stranger = await account()
    const notMember = await tp.call('DELETE', `/platform/organizations/${org.slug}/members/${stranger.userId}`, { token: owner.token })
    expect(notMember.status).toBe(404)
    expect(notMember.body.message).toBe('This person is not a member of the organization.')
    expect((await tp.call('DELETE', `/platform/organizations/${org.slug}/members/not-a-uuid`, { token: owner.token })).status).toBe(400)
  })
})

describe('the last Owner', () => {
  it('cannot be removed, demoted or leave; with a second Owner each of these works', async () => {
    const owner = await account()
    const org = await organization(owner)
    const path = `/platform/organizations/${org.slug}/members/${owner.userId}`
    for (const res of [
      await tp.call('DELETE', path, { token: owner.token }),
      await tp.call('PATCH', path, { token: owner.token, body: { role: 'Admin' } }),
    ]) {
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('An organization must keep at least one Owner. Make another member an Owner first.')
    }
    const leave = await tp.call('POST', `/platform/organizations/${org.slug}/leave`, { token: owner.token })
    expect(leave.status).toBe(400)
    expect(leave.body.message).toContain('You are the last Owner of this organization')

    const second = await join(owner, org.slug, 'Owner')
    expect((await tp.call('PATCH', path, { token: owner.token, body: { role: 'Admin' } })).status).toBe(200)
    // Now `second` is the last Owner.
    expect((await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${second.userId}`, { token: second.token, body: { role: 'Developer' } })).status).toBe(400)
    expect((await members(second, org.slug)).filter((m) => m.role === 'Owner')).toHaveLength(1)
  })

  it('any other member may leave', async () => {
    const owner = await account()
    const org = await organization(owner)
    const developer = await join(owner, org.slug, 'Developer')
    const res = await tp.call('POST', `/platform/organizations/${org.slug}/leave`, { token: developer.token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ slug: org.slug, left: true })
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: developer.token })).status).toBe(404)
    expect((await tp.call('GET', '/platform/organizations', { token: developer.token })).body).toEqual([])
  })
})

describe('someone outside the organization', () => {
  it('gets 404 from every organization route, and nothing changes', async () => {
    const owner = await account()
    const org = await organization(owner, { tier: 'tier_team' })
    const invited = await tp.call('POST', `/platform/organizations/${org.slug}/members/invitations`, { token: owner.token, body: { email: 'someone@example.com', role: 'Developer' } })
    const outsider = await account()
    const base = `/platform/organizations/${org.slug}`
    const calls: [string, string, unknown?][] = [
      ['GET', base],
      ['PATCH', base, { name: 'Mine now' }],
      ['DELETE', base],
      ['GET', `${base}/members`],
      ['POST', `${base}/leave`],
      ['GET', `${base}/members/invitations`],
      ['POST', `${base}/members/invitations`, { email: outsider.email, role: 'Owner' }],
      ['DELETE', `${base}/members/invitations/${invited.body.id}`],
      ['PATCH', `${base}/members/${owner.userId}`, { role: 'Developer' }],
      ['DELETE', `${base}/members/${owner.userId}`],
    ]
    for (const [method, path, body] of calls) {
      const res = await tp.call(method, path, { token: outsider.token, body })
      expect({ method, path, status: res.status, message: res.body.message }).toEqual({ method, path, status: 404, message: 'This organization does not exist' })
    }
    expect((await members(owner, org.slug)).map((m) => m.role)).toEqual(['Owner'])
    expect((await tp.call('GET', `${base}/members/invitations`, { token: owner.token })).body).toHaveLength(1)
    expect((await tp.call('GET', base, { token: owner.token })).body.name).toBe('Acme')
  })
})

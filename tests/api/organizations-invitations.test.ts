// @vitest-environment node
/**
 * Invitations over HTTP: an Owner or Admin invites an address with a role; the person signed in
 * with that address (any case) looks the invitation up from its /join link and accepts or
 * declines it, once. Someone else, an expired, revoked or used link, a garbled token: each gets
 * a clear refusal and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

type Account = { token: string; userId: string; email: string }

async function account(email = `inv-${Math.random().toString(36).slice(2)}@example.com`): Promise<Account> {
  const { token, userId } = await tp.signUp(email)
  await tp.call('POST', '/platform/profile', { token })
  return { token, userId, email }
}

async function setUp(tier = 'tier_team') {
  const owner = await account()
  const org = (await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name: 'Invite Co', tier } })).body as { slug: string; id: number }
  return { owner, org, base: `/platform/organizations/${org.slug}/members/invitations` }
}

const invite = (owner: Account, base: string, email: string, role = 'Developer') => tp.call('POST', base, { token: owner.token, body: { email, role } })

describe('the invitation round trip', () => {
  it('invite → look up → accept: the member appears with the role, and the link is spent', async () => {
    const { owner, org, base } = await setUp()
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email, 'Read-only')
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ email: invitee.email, role: 'Read-only', status: 'pending', invited_by: expect.any(String) })
    expect(sent.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Date(sent.body.expires_at).getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)

    const listed = (await tp.call('GET', base, { token: owner.token })).body
    expect(listed.map((i: { token: string }) => i.token)).toEqual([sent.body.token])

    const preview = await tp.call('GET', `/platform/invitations/${sent.body.token}`, { token: invitee.token })
    expect(preview.status).toBe(200)
    expect(preview.body).toMatchObject({ organization_name: 'Invite Co', organization_slug: org.slug, role: 'Read-only', email: invitee.email })

    const accepted = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(accepted.status).toBe(200)
    expect(accepted.body).toMatchObject({ slug: org.slug, name: 'Invite Co', role: 'Read-only', is_owner: false })

    const memberList = (await tp.call('GET', `/platform/organizations/${org.slug}/members`, { token: invitee.token })).body
    expect(memberList.find((m: { gotrue_id: string }) => m.gotrue_id === invitee.userId)).toMatchObject({ role: 'Read-only', primary_email: invitee.email })
    expect((await tp.call('GET', '/platform/organizations', { token: invitee.token })).body.map((o: { slug: string }) => o.slug)).toEqual([org.slug])
    expect((await tp.call('GET', base, { token: owner.token })).body).toEqual([])

    const again = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(again.status).toBe(410)
    expect(again.body.message).toBe('This invitation has already been used.')
    expect((await tp.call('GET', `/platform/invitations/${sent.body.token}`, { token: invitee.token })).status).toBe(410)
  })

  it('matches the address case-insensitively', async () => {
    const { owner, base } = await setUp()
    const invitee = await account(`Mixed.Case-${Math.random().toString(36).slice(2)}@Example.COM`)
    const sent = await invite(owner, base, invitee.email.toUpperCase())
    expect(sent.body.email).toBe(invitee.email.toLowerCase())
    expect((await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })).status).toBe(200)
  })

  it('a declined invitation cannot be accepted afterwards', async () => {
    const { owner, org, base } = await setUp()
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email)
    const declined = await tp.call('POST', `${base}/${sent.body.token}/decline`, { token: invitee.token })
    expect(declined.status).toBe(200)
    expect(declined.body).toEqual({ declined: true })
    const accepted = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(accepted.status).toBe(410)
    expect(accepted.body.message).toBe('This invitation was declined.')
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: invitee.token })).status).toBe(404)
  })
})

describe('refusals', () => {
  it('someone signed in with another address can neither see nor answer it', async () => {
    const { owner, org, base } = await setUp()
    const invitee = await account()
    const other = await account()
    const sent = await invite(owner, base, invitee.email)
    const message = 'This invitation was sent to a different email address. Sign in with that address to answer it.'
    for (const res of [
      await tp.call('GET', `/platform/invitations/${sent.body.token}`, { token: other.token }),
      await tp.call('POST', `${base}/${sent.body.token}`, { token: other.token }),
      await tp.call('POST', `${base}/${sent.body.token}/decline`, { token: other.token }),
    ]) {
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(message)
      expect(JSON.stringify(res.body)).not.toContain('Invite Co')
    }
    expect((await tp.call('GET', `/platform/organizations/${org.slug}`, { token: other.token })).status).toBe(404)
    // Still good for the person it was sent to.
    expect((await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })).status).toBe(200)
  })

  it('an expired invitation answers 410, is listed as expired, and can be sent again', async () => {
    const { owner, base } = await setUp()
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email)
    await tp.platform.db.query(`update organization_invitations set expires_at = now() - interval '1 second' where token = $1`, [sent.body.token])
    const res = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(res.status).toBe(410)
    expect(res.body.message).toBe('This invitation has expired. Ask an Owner or Admin of the organization for a new one.')
    expect((await tp.call('GET', base, { token: owner.token })).body[0].status).toBe('expired')
    const fresh = await invite(owner, base, invitee.email)
    expect(fresh.status).toBe(201)
    expect((await tp.call('POST', `${base}/${fresh.body.token}`, { token: invitee.token })).status).toBe(200)
  })

  it('a revoked invitation answers 410, also to a second revoke', async () => {
    const { owner, base } = await setUp()
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email)
    const revoked = await tp.call('DELETE', `${base}/${sent.body.id}`, { token: owner.token })
    expect(revoked.status).toBe(200)
    expect(revoked.body).toEqual({ id: sent.body.id, revoked: true })
    const res = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(res.status).toBe(410)
    expect(res.body.message).toContain('This invitation was revoked.')
    expect((await tp.call('DELETE', `${base}/${sent.body.id}`, { token: owner.token })).status).toBe(410)
    expect((await tp.call('DELETE', `${base}/999999`, { token: owner.token })).status).toBe(404)
  })

  it('a token from another organization, an unknown or a garbled one', async () => {
    const { owner, base } = await setUp()
    const elsewhere = await setUp()
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email)
    const wrongOrg = await tp.call('POST', `${elsewhere.base}/${sent.body.token}`, { token: invitee.token })
    expect(wrongOrg.status).toBe(404)
    const unknown = await tp.call('GET', `/platform/invitations/${'A'.repeat(43)}`, { token: invitee.token })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toContain('This invitation does not exist.')
    for (const bad of ['short', `${'A'.repeat(40)}%2F..`, `${'A'.repeat(40)}%00`]) {
      const res = await tp.call('GET', `/platform/invitations/${bad}`, { token: invitee.token })
      expect(res.status).toBe(400)
    }
    expect((await tp.call('GET', `/platform/invitations/${sent.body.token}`)).status).toBe(401)
  })

  it('no second live invitation to the same address, none to a member', async () => {
    const { owner, base } = await setUp()
    const dup = await invite(owner, base, 'twice@example.com')
    expect(dup.status).toBe(201)
    const second = await invite(owner, base, 'TWICE@example.com')
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('twice@example.com already has a pending invitation. Revoke it to send a new one.')
    const member = await invite(owner, base, owner.email)
    expect(member.status).toBe(409)
    expect(member.body.message).toContain('is already a member of this organization')
  })

  it.each([
    [{ email: 'not-an-email', role: 'Developer' }, 'email must be a valid email address'],
    [{ email: 'a@example.com', role: 'Billing' }, 'role must be one of Owner, Admin, Developer, Read-only'],
    [{ role: 'Developer' }, 'email is required'],
  ])('refuses the body %j', async (body, message) => {
    const { owner, base } = await setUp()
    const res = await tp.call('POST', base, { token: owner.token, body })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
  })

  it('a Read-only invitation cannot be accepted once the plan no longer offers the role', async () => {
    const { owner, org, base } = await setUp('tier_team')
    const invitee = await account()
    const sent = await invite(owner, base, invitee.email, 'Read-only')
    await tp.platform.db.query(`update organizations set plan = 'free' where id = $1`, [org.id])
    const res = await tp.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
    expect(res.status).toBe(400)
    expect(res.body.message).toContain('The Read-only role is available on the Team and Enterprise plans only')
  })
})

describe('expiry from the configuration', () => {
  it('an invitation lives invitationTtlSeconds', async () => {
    const short = await startTestPlatform({ invitationTtlSeconds: 1 })
    try {
      const signUp = async () => {
        const email = `ttl-${Math.random().toString(36).slice(2)}@example.com`
        const { token } = await short.signUp(email)
        await short.call('POST', '/platform/profile', { token })
        return { token, email }
      }
      const owner = await signUp()
      const invitee = await signUp()
      const org = (await short.call('POST', '/platform/organizations', { token: owner.token, body: { name: 'Brief' } })).body
      const base = `/platform/organizations/${org.slug}/members/invitations`
      const sent = await short.call('POST', base, { token: owner.token, body: { email: invitee.email, role: 'Developer' } })
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      const res = await short.call('POST', `${base}/${sent.body.token}`, { token: invitee.token })
      expect(res.status).toBe(410)
    } finally {
      await short.close()
    }
  })
})

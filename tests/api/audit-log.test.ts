// @vitest-environment node
/**
 * The organization audit log over HTTP: member, settings and project changes each leave one entry
 * naming who did it, to what, and what changed; the log is read in a window of dates (7 days by
 * default, at most 366, at most 1000 entries, newest first), only by Owners and Admins, only for
 * their own organization; and a log that cannot be written never fails the change it records.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuditEntry } from '@/lib/api-types'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { activeProject, memberOf, statusOf } from '../helpers/project-backends'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

type Account = { token: string; userId: string; email: string }

async function account(): Promise<Account> {
  const email = `audit-${Math.random().toString(36).slice(2)}@example.com`
  const { token, userId } = await tp.signUp(email)
  await tp.call('POST', '/platform/profile', { token })
  return { token, userId, email }
}

/** An Owner with an organization on the Team plan (every role is offered there). */
async function ownerWithOrg(name = 'Audit Co') {
  const owner = await account()
  const org = (await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name, tier: 'tier_team' } })).body as { id: number; slug: string }
  return { owner, org }
}

async function readLog(slug: string, token: string, query = '') {
  return tp.call('GET', `/platform/organizations/${slug}/audit${query}`, { token })
}

/** The organization's entries of one action, newest first. */
async function entriesOf(slug: string, token: string, action: AuditEntry['action']): Promise<AuditEntry[]> {
  const res = await readLog(slug, token)
  expect(res.status).toBe(200)
  return (res.body.entries as AuditEntry[]).filter((e) => e.action === action)
}

const actorOf = (a: Account) => ({ id: a.userId, email: a.email })

/** Joins the organization through an invitation, as a real member would. */
async function join(owner: Account, slug: string, role: string): Promise<{ member: Account; invitationId: number }> {
  const member = await account()
  const sent = await tp.call('POST', `/platform/organizations/${slug}/members/invitations`, { token: owner.token, body: { email: member.email, role } })
  expect(sent.status).toBe(201)
  expect((await tp.call('POST', `/platform/organizations/${slug}/members/invitations/${sent.body.token}`, { token: member.token })).status).toBe(200)
  return { member, invitationId: sent.body.id }
}

describe('member changes', () => {
  it('an invitation sent and accepted: member.invited by the Owner, member.joined by the new member', async () => {
    const { owner, org } = await ownerWithOrg()
    const { member, invitationId } = await join(owner, org.slug, 'Developer')

    const [invited] = await entriesOf(org.slug, owner.token, 'member.invited')
    expect(invited).toMatchObject({
      actor: actorOf(owner),
      target: { type: 'invitation', id: String(invitationId), name: member.email },
      details: { email: member.email, role: 'Developer' },
    })
    expect(new Date(invited.occurred_at).getTime()).toBeGreaterThan(Date.now() - 60_000)

    const joined = await entriesOf(org.slug, owner.token, 'member.joined')
    expect(joined).toHaveLength(1)
    expect(joined[0]).toMatchObject({
      actor: actorOf(member),
      target: { type: 'member', id: member.userId, name: member.email },
      details: { email: member.email, role: 'Developer' },
    })
  })

  it('a revoked invitation: member.invitation_revoked by who revoked it', async () => {
    const { owner, org } = await ownerWithOrg()
    const base = `/platform/organizations/${org.slug}/members/invitations`
    const sent = await tp.call('POST', base, { token: owner.token, body: { email: 'someone-else@example.com', role: 'Read-only' } })
    expect((await tp.call('DELETE', `${base}/${sent.body.id}`, { token: owner.token })).status).toBe(200)
    const [revoked] = await entriesOf(org.slug, owner.token, 'member.invitation_revoked')
    expect(revoked).toMatchObject({
      actor: actorOf(owner),
      target: { type: 'invitation', id: String(sent.body.id), name: 'someone-else@example.com' },
      details: { email: 'someone-else@example.com', role: 'Read-only' },
    })
  })

  it('a role change names the member, the old and the new role; giving the same role again records nothing', async () => {
    const { owner, org } = await ownerWithOrg()
    const { member } = await join(owner, org.slug, 'Developer')
    const path = `/platform/organizations/${org.slug}/members/${member.userId}`
    expect((await tp.call('PATCH', path, { token: owner.token, body: { role: 'Admin' } })).status).toBe(200)
    expect((await tp.call('PATCH', path, { token: owner.token, body: { role: 'Admin' } })).status).toBe(200)
    const changes = await entriesOf(org.slug, owner.token, 'member.role_changed')
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({
      actor: actorOf(owner),
      target: { type: 'member', id: member.userId, name: member.email },
      details: { email: member.email, from: 'Developer', to: 'Admin' },
    })
  })

  it('a refused change records nothing', async () => {
    const { owner, org } = await ownerWithOrg()
    const res = await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${owner.userId}`, { token: owner.token, body: { role: 'Admin' } })
    expect(res.status).toBe(400)
    expect(await entriesOf(org.slug, owner.token, 'member.role_changed')).toEqual([])
  })

  it('a member removed, and a member who leaves', async () => {
    const { owner, org } = await ownerWithOrg()
    const { member: removed } = await join(owner, org.slug, 'Read-only')
    const { member: leaver } = await join(owner, org.slug, 'Developer')
    expect((await tp.call('DELETE', `/platform/organizations/${org.slug}/members/${removed.userId}`, { token: owner.token })).status).toBe(200)
    expect((await tp.call('POST', `/platform/organizations/${org.slug}/leave`, { token: leaver.token })).status).toBe(200)

    const [removal] = await entriesOf(org.slug, owner.token, 'member.removed')
    expect(removal).toMatchObject({
      actor: actorOf(owner),
      target: { type: 'member', id: removed.userId, name: removed.email },
      details: { email: removed.email, role: 'Read-only' },
    })
    const [left] = await entriesOf(org.slug, owner.token, 'member.left')
    expect(left).toMatchObject({
      actor: actorOf(leaver),
      target: { type: 'member', id: leaver.userId, name: leaver.email },
      details: { email: leaver.email, role: 'Developer' },
    })
  })
})

describe('organization settings', () => {
  it('one entry per field that changed, none when nothing did; an unset billing email reads Unknown', async () => {
    const { owner, org } = await ownerWithOrg('Before Co')
    const path = `/platform/organizations/${org.slug}`
    const patch = (body: Record<string, unknown>) => tp.call('PATCH', path, { token: owner.token, body })
    const settingsEntries = async () =>
      ((await readLog(org.slug, owner.token)).body.entries as AuditEntry[]).filter((e) => e.action.startsWith('organization.') && e.action !== 'organization.created')

    expect((await patch({ name: 'After Co' })).status).toBe(200)
    expect((await patch({ billing_email: 'bills@example.com' })).status).toBe(200)
    expect((await patch({ name: 'After Co', billing_email: 'bills@example.com' })).status).toBe(200)
    expect(await settingsEntries()).toHaveLength(2)
    expect((await patch({ name: 'Final Co', billing_email: null })).status).toBe(200)

    const entries = await settingsEntries()
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      // Newest first; the two of one request in the order written.
      ['organization.billing_email_changed', { from: 'bills@example.com', to: 'Unknown' }],
      ['organization.updated', { from: 'After Co', to: 'Final Co' }],
      ['organization.billing_email_changed', { from: 'Unknown', to: 'bills@example.com' }],
      ['organization.updated', { from: 'Before Co', to: 'After Co' }],
    ])
    for (const entry of entries) expect(entry).toMatchObject({ actor: actorOf(owner), target: { type: 'organization', id: org.slug } })
    expect(entries[0].target.name).toBe('Final Co')
  })
})

describe('projects', () => {
  it('created, paused, restored and deleted, each by the user who asked; a restart records nothing', async () => {
    const { owner, org } = await ownerWithOrg()
    const ref = await activeProject(tp, owner.token, org.slug)
    const [project] = await tp.platform.db.query<{ name: string; region: string; cloud_provider: string; plan: string }>(
      'select name, region, cloud_provider, plan from projects where ref = $1',
      [ref]
    )
    const target = { type: 'project', id: ref, name: project.name }

    const [created] = await entriesOf(org.slug, owner.token, 'project.created')
    expect(created).toMatchObject({
      actor: actorOf(owner),
      target,
      details: { region: project.region, cloud_provider: project.cloud_provider, plan: project.plan },
    })

    expect((await tp.call('POST', `/platform/projects/${ref}/restart`, { token: owner.token })).status).toBe(200)
    await settle(tp.platform)
    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner.token })).status).toBe(200)
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('INACTIVE')
    // A pause that is refused (already paused) is not an entry.
    expect((await tp.call('POST', `/platform/projects/${ref}/pause`, { token: owner.token })).status).toBe(409)
    expect((await tp.call('POST', `/platform/projects/${ref}/restore`, { token: owner.token })).status).toBe(200)
    await settle(tp.platform)
    expect((await tp.call('DELETE', `/platform/projects/${ref}`, { token: owner.token })).status).toBe(200)
    await settle(tp.platform)

    const projectEntries = ((await readLog(org.slug, owner.token)).body.entries as AuditEntry[]).filter((e) => e.action.startsWith('project.'))
    expect(projectEntries.map((e) => e.action)).toEqual(['project.deleted', 'project.restored', 'project.paused', 'project.created'])
    for (const entry of projectEntries) expect(entry).toMatchObject({ actor: actorOf(owner), target })
  })
})

describe('reading the log', () => {
  const DAY = 24 * 3600_000

  /** An entry written directly, at a moment of the test's choosing. */
  async function entryAt(orgId: number, occurredAt: Date, name: string) {
    await tp.platform.db.query(
      `insert into audit_log (organization_id, occurred_at, action, actor_id, actor_email, target_type, target_id, target_name, details)
       values ($1, $2, 'organization.updated', null, null, 'organization', 'x', $3, '{"from":"a","to":"b"}')`,
      [orgId, occurredAt.toISOString(), name]
    )
  }
  const names = (res: { body: { entries: AuditEntry[] } }) => res.body.entries.filter((e) => e.target.id === 'x').map((e) => e.target.name)

  it('defaults to the last 7 days, newest first, and says which window it answered', async () => {
    const { owner, org } = await ownerWithOrg()
    await entryAt(org.id, new Date(Date.now() - 10 * DAY), 'ten days ago')
    await entryAt(org.id, new Date(Date.now() - 6 * DAY), 'six days ago')
    await entryAt(org.id, new Date(Date.now() - 1 * DAY), 'yesterday')
    const res = await readLog(org.slug, owner.token)
    expect(res.status).toBe(200)
    expect(names(res)).toEqual(['yesterday', 'six days ago'])
    const start = new Date(res.body.date_start).getTime()
    const end = new Date(res.body.date_end).getTime()
    expect(end - start).toBe(7 * DAY)
    expect(Math.abs(end - Date.now())).toBeLessThan(60_000)
    // A platform entry (no actor) reads as null, not as an empty person.
    expect(res.body.entries.find((e: AuditEntry) => e.target.id === 'x').actor).toBeNull()
  })

  it('date_start and date_end include and exclude: a date alone in date_end includes that whole day', async () => {
    const { owner, org } = await ownerWithOrg()
    await entryAt(org.id, new Date('2024-03-01T23:59:59Z'), 'end of the 1st')
    await entryAt(org.id, new Date('2024-03-02T00:00:00Z'), 'start of the 2nd')
    await entryAt(org.id, new Date('2024-03-02T23:59:59Z'), 'end of the 2nd')
    await entryAt(org.id, new Date('2024-03-03T00:00:00Z'), 'start of the 3rd')

    const oneDay = await readLog(org.slug, owner.token, '?date_start=2024-03-02&date_end=2024-03-02')
    expect(oneDay.status).toBe(200)
    expect(names(oneDay)).toEqual(['end of the 2nd', 'start of the 2nd'])
    expect(oneDay.body).toMatchObject({ date_start: '2024-03-02T00:00:00.000Z', date_end: '2024-03-03T00:00:00.000Z' })

    // Timestamps are exact: the end is excluded, the start included; no zone means UTC.
    const exact = await readLog(org.slug, owner.token, '?date_start=2024-03-02T00:00:00Z&date_end=2024-03-02T23:59:59')
    expect(names(exact)).toEqual(['start of the 2nd'])
    const offset = await readLog(org.slug, owner.token, `?date_start=${encodeURIComponent('2024-03-02T01:00:00+01:00')}&date_end=2024-03-04`)
    expect(names(offset)).toEqual(['start of the 3rd', 'end of the 2nd', 'start of the 2nd'])

    // Without date_start: the 7 days before date_end.
    const week = await readLog(org.slug, owner.token, '?date_end=2024-03-01')
    expect(names(week)).toEqual(['end of the 1st'])
    expect(week.body.date_start).toBe('2024-02-24T00:00:00.000Z')
  })

  it('answers at most 1000 entries, the newest', async () => {
    const { owner, org } = await ownerWithOrg()
    await tp.platform.db.query(
      `insert into audit_log (organization_id, occurred_at, action, target_type, target_id, target_name)
       select $1, now() - make_interval(mins => n), 'organization.updated', 'organization', 'bulk', n::text from generate_series(1, 1005) n`,
      [org.id]
    )
    const res = await readLog(org.slug, owner.token)
    const bulk = (res.body.entries as AuditEntry[]).filter((e) => e.target.id === 'bulk')
    expect(res.body.entries).toHaveLength(1000)
    expect(bulk[0].target.name).toBe('1')
    expect(bulk.at(-1)!.target.name).toBe(String(bulk.length))
  })

  it("never shows another organization's entries", async () => {
    const { owner, org } = await ownerWithOrg('Mine')
    const { owner: other, org: otherOrg } = await ownerWithOrg('Theirs')
    expect((await tp.call('PATCH', `/platform/organizations/${otherOrg.slug}`, { token: other.token, body: { name: 'Theirs Renamed' } })).status).toBe(200)
    await entryAt(otherOrg.id, new Date(Date.now() - DAY), 'theirs')
    const mine = (await readLog(org.slug, owner.token)).body.entries as AuditEntry[]
    expect(JSON.stringify(mine)).not.toContain('Theirs')
    expect(mine.map((e) => e.target.name)).not.toContain('theirs')
    const theirs = (await readLog(otherOrg.slug, other.token)).body.entries as AuditEntry[]
    expect(theirs.map((e) => e.target.name)).toEqual(expect.arrayContaining(['theirs', 'Theirs Renamed']))
  })

  it('Owner and Admin read it; Developer and Read-only get 403, an outsider 404, nobody signed in 401', async () => {
    const { owner, org } = await ownerWithOrg()
    const outsider = await account()
    expect((await readLog(org.slug, owner.token)).status).toBe(200)
    expect((await readLog(org.slug, await memberOf(tp, org.id, 'Admin'))).status).toBe(200)
    expect((await readLog(org.slug, await memberOf(tp, org.id, 'Developer'))).status).toBe(403)
    expect((await readLog(org.slug, await memberOf(tp, org.id, 'Read-only'))).status).toBe(403)
    expect((await readLog(org.slug, outsider.token)).status).toBe(404)
    expect((await tp.call('GET', `/platform/organizations/${org.slug}/audit`)).status).toBe(401)
  })

  it.each([
    ['?date_start=2024-02-30', 'date_start is not a valid date: 2024-02-30'],
    ['?date_end=2024-13-01', 'date_end is not a valid date: 2024-13-01'],
    ['?date_start=2024-03-02T25:00:00Z&date_end=2024-03-03', 'date_start is not a valid date'],
    ['?date_start=2024-03-05&date_end=2024-03-04', 'date_end (2024-03-04) must be after date_start (2024-03-05)'],
    ['?date_start=2024-03-05T10:00:00Z&date_end=2024-03-05T10:00:00Z', 'must be after date_start'],
    ['?date_start=2999-01-01', 'date_end (now) must be after date_start (2999-01-01)'],
    ['?date_start=2023-01-01&date_end=2024-01-03', 'at most 366 days'],
    ['?date_start=yesterday', 'YYYY-MM-DD'],
    ['?date_start=9999-12-30&date_end=9999-12-31', 'date_start must fall between the years 1970 and 9000'],
    ['?date_start=2024-01-01&date_end=9000-12-31T23:00:00-14:00', 'at most 366 days'],
    ['?date_start=0001-01-02', 'date_start must fall between the years'],
  ])('refuses %s with 400', async (query, message) => {
    const { owner, org } = await ownerWithOrg()
    const res = await readLog(org.slug, owner.token, query)
    expect(res.status).toBe(400)
    expect(res.body.message).toContain(message)
  })

  it('accepts a window of exactly 366 days', async () => {
    const { owner, org } = await ownerWithOrg()
    expect((await readLog(org.slug, owner.token, '?date_start=2024-01-01&date_end=2024-12-31')).status).toBe(200)
  })
})

describe('a log that cannot be written', () => {
  it('is logged, and the change it records still succeeds', async () => {
    const { owner, org } = await ownerWithOrg()
    const { member } = await join(owner, org.slug, 'Developer')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await tp.platform.db.query('alter table audit_log rename to audit_log_gone')
    try {
      const res = await tp.call('PATCH', `/platform/organizations/${org.slug}/members/${member.userId}`, { token: owner.token, body: { role: 'Admin' } })
      expect(res.status).toBe(200)
      expect(res.body.role).toBe('Admin')
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('member.role_changed'), expect.anything())
    } finally {
      await tp.platform.db.query('alter table audit_log_gone rename to audit_log')
      errors.mockRestore()
    }
    const members = (await tp.call('GET', `/platform/organizations/${org.slug}/members`, { token: owner.token })).body
    expect(members.find((m: { gotrue_id: string }) => m.gotrue_id === member.userId).role).toBe('Admin')
    expect(await entriesOf(org.slug, owner.token, 'member.role_changed')).toEqual([])
  })
})

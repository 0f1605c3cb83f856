// @vitest-environment node
/**
 * Transferring a project to another organization over HTTP: the preview (plan, limits, members who
 * lose or gain access, branches), the move (project and branches in one transaction, both audit
 * logs), the caller's role in both organizations, and transfers racing each other or a delete.
 * Projects are rows without a database where the database plays no part (the move is the
 * control plane's alone).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OrganizationRole } from '@/lib/api-types'
import { TARGET_REFUSED } from '@/server/projects/transfer'
import { startScheduler } from '@/server/scheduler'
import { startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
let n = 0
const fresh = () => `${Date.now()}${++n}`

type User = { token: string; email: string }

async function user(): Promise<User> {
  const email = `transfer-${fresh()}@example.com`
  const { token } = await tp.signUp(email)
  await tp.call('POST', '/platform/profile', { token })
  return { token, email }
}

async function org(owner: User, plan: 'free' | 'pro' | 'team' = 'pro') {
  const body = (await tp.call('POST', '/platform/organizations', { token: owner.token, body: { name: `Org ${fresh()}` } })).body as { id: number; slug: string; name: string }
  await tp.platform.db.query(`update organizations set plan = $2, tier = 'tier_' || $2 where id = $1`, [body.id, plan])
  return body
}

async function join(orgId: number, member: User, role: OrganizationRole) {
  await tp.platform.db.query(
    `insert into organization_members (organization_id, profile_id, role) select $1, p.id, $3 from profiles p join users u on u.id = p.user_id where u.email = $2`,
    [orgId, member.email, role]
  )
}

/** A project row in `status` (no database: the transfer is the control plane's alone). */
async function project(orgId: number, { status = 'ACTIVE_HEALTHY', parent = null as string | null, name = `Shop ${fresh()}` } = {}) {
  const ref = `x${fresh()}`.slice(0, 20).padEnd(20, 'a')
  await tp.platform.db.query(
    `insert into projects (ref, name, organization_id, status, cloud_provider, region, plan, parent_project_ref)
     select $1, $2, id, $3, 'AWS', 'us-east-1', plan, $4 from organizations where id = $5`,
    [ref, name, status, parent, orgId]
  )
  return ref
}

const preview = (ref: string, slug: string, token: string) => tp.call('GET', `/platform/projects/${ref}/transfer/preview?target_organization_slug=${slug}`, { token })
const transfer = (ref: string, slug: string, token: string) => tp.call('POST', `/platform/projects/${ref}/transfer`, { token, body: { target_organization_slug: slug } })

async function stored(ref: string) {
  const [row] = await tp.platform.db.query<{ organization_id: number; plan: string; status: string }>(
    'select organization_id::int as organization_id, plan, status from projects where ref = $1',
    [ref]
  )
  return row
}

const auditOf = (orgId: number) =>
  tp.platform.db.query<{ action: string; actor_email: string; target_id: string; details: Record<string, unknown> }>(
    `select action, actor_email, target_id, details from audit_log where organization_id = $1 and action = 'project.transferred' order by id`,
    [orgId]
  )

beforeAll(async () => {
  tp = await startTestPlatform()
})
afterAll(async () => tp?.close())

describe('preview', () => {
  it('says the plan, the branches and who loses and gains access, and changes nothing', async () => {
    const alice = await user()
    const bob = await user()
    const carol = await user()
    const source = await org(alice, 'pro')
    const target = await org(alice, 'free')
    await join(source.id, bob, 'Developer')
    await join(target.id, carol, 'Read-only')
    const ref = await project(source.id)
    const branch = await project(source.id, { parent: ref, name: 'feature' })

    const res = await preview(ref, target.slug, alice.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      source_organization: { slug: source.slug, plan: 'pro' },
      target_organization: { slug: target.slug, plan: 'free' },
      plan: { from: 'pro', to: 'free' },
      branches: [{ ref: branch, name: 'feature' }],
      can_transfer: true,
      refusals: [],
    })
    expect(res.body.members_losing_access.map((m: { email: string }) => m.email)).toEqual([bob.email])
    expect(res.body.members_gaining_access.map((m: { email: string }) => m.email)).toEqual([carol.email])
    expect(res.body.warnings).toContain('The project moves from the Pro plan to the Free plan.')
    // Nothing moved: the preview rolled back.
    expect((await stored(ref)).organization_id).toBe(source.id)
    expect((await stored(branch)).organization_id).toBe(source.id)
    expect(await auditOf(source.id)).toEqual([])
  })

  it("applies the target's Free plan limit: the project and its active branches need room", async () => {
    const alice = await user()
    const source = await org(alice, 'pro')
    const target = await org(alice, 'free')
    await project(target.id)
    const ref = await project(source.id)
    await project(source.id, { parent: ref })

    const res = await preview(ref, target.slug, alice.token)
    expect(res.body.can_transfer).toBe(false)
    expect(res.body.refusals).toEqual([{ status: 400, message: expect.stringContaining('The Free plan allows 2 active projects per organization') }])
    const moved = await transfer(ref, target.slug, alice.token)
    expect(moved.status).toBe(400)
    expect(moved.body.message).toContain('The Free plan allows 2 active projects per organization')
    expect((await stored(ref)).organization_id).toBe(source.id)

    // A paused project holds no place: it fits.
    const paused = await project(source.id, { status: 'INACTIVE' })
    expect((await preview(paused, target.slug, alice.token)).body.can_transfer).toBe(true)
  })

  it('refuses, in sentences, a branch alone, a project in the middle of an operation, a restricted target', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    const parent = await project(source.id)
    const branch = await project(source.id, { parent })
    const pausing = await project(source.id, { status: 'PAUSING' })

    expect((await preview(branch, target.slug, alice.token)).body.refusals).toEqual([
      { status: 409, message: 'This project is a preview branch: it moves only with its parent project. Transfer the parent project instead.' },
    ])
    expect(await transfer(branch, target.slug, alice.token)).toMatchObject({ status: 409 })
    const busy = await transfer(pausing, target.slug, alice.token)
    expect(busy.status).toBe(409)
    expect(busy.body.message).toBe('A project can be transferred once its current operation has finished; this one is pausing.')

    await tp.platform.db.query(`update organizations set restriction_status = 'restricted' where id = $1`, [target.id])
    const restricted = await transfer(parent, target.slug, alice.token)
    expect(restricted.status).toBe(402)
    expect(restricted.body.message).toContain('is restricted')
    expect((await stored(parent)).organization_id).toBe(source.id)
    expect((await stored(branch)).organization_id).toBe(source.id)
  })
})

describe('the move', () => {
  it("moves the project and its branches onto the target's plan, and writes both audit logs", async () => {
    const alice = await user()
    const bob = await user()
    const carol = await user()
    const source = await org(alice, 'pro')
    const target = await org(alice, 'team')
    await join(source.id, bob, 'Developer')
    await join(target.id, carol, 'Developer')
    const ref = await project(source.id)
    const branch = await project(source.id, { parent: ref })
    const gone = await project(source.id, { parent: ref, status: 'REMOVED' })

    const res = await transfer(ref, target.slug, alice.token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ project: { ref, organization_slug: target.slug, plan: 'team' }, branches: [branch], source_organization_slug: source.slug })
    expect(await stored(ref)).toMatchObject({ organization_id: target.id, plan: 'team' })
    expect(await stored(branch)).toMatchObject({ organization_id: target.id, plan: 'team' })
    // A deleted branch is history of the organization it was deleted in.
    expect((await stored(gone)).organization_id).toBe(source.id)

    for (const orgId of [source.id, target.id])
      expect(await auditOf(orgId)).toEqual([
        {
          action: 'project.transferred',
          actor_email: alice.email,
          target_id: ref,
          details: expect.objectContaining({ from: source.name, to: target.name, from_slug: source.slug, to_slug: target.slug, branches: [branch] }),
        },
      ])

    // Bob (source only) no longer sees it; Carol (target only) does.
    expect((await tp.call('GET', `/platform/projects/${ref}`, { token: bob.token })).status).toBe(404)
    expect((await tp.call('GET', `/platform/projects/${ref}`, { token: carol.token })).body.organization_slug).toBe(target.slug)
    const listed = (await tp.call('GET', '/platform/projects', { token: carol.token })).body.map((p: { ref: string }) => p.ref)
    expect(listed).toEqual(expect.arrayContaining([ref, branch]))
  })

  it('takes the project\'s log lines along: deleting the old organization does not delete them', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    const ref = await project(source.id)
    await tp.platform.db.query(
      `insert into log_events (organization_id, project_id, source, occurred_at, level, event_message)
       select organization_id, id, 'postgres_logs', now(), 'error', 'before the move' from projects where ref = $1`,
      [ref]
    )
    expect((await transfer(ref, target.slug, alice.token)).status).toBe(200)
    await tp.platform.db.query('delete from organizations where id = $1', [source.id])
    const lines = await tp.platform.db.query(`select event_message from log_events where project_id = (select id from projects where ref = $1)`, [ref])
    expect(lines).toEqual([{ event_message: 'before the move' }])
  })

  it('answers 400 for the organization it is already in', async () => {
    const alice = await user()
    const source = await org(alice)
    const ref = await project(source.id)
    const res = await transfer(ref, source.slug, alice.token)
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The project is already in this organization. Choose another organization.')
  })
})

describe('who may', () => {
  it('needs Owner or Admin in both organizations; the same 403 whatever the target is', async () => {
    const alice = await user()
    const admin = await user()
    const source = await org(alice)
    const target = await org(alice)
    const ref = await project(source.id)

    await join(source.id, admin, 'Admin')
    // An Admin of the source who is a Developer in the target.
    await join(target.id, admin, 'Developer')
    for (const call of [preview, transfer]) {
      const res = await call(ref, target.slug, admin.token)
      expect(res.status).toBe(403)
      expect(res.body.message).toBe(TARGET_REFUSED)
    }
    // An organization they are not in, or one that does not exist: the same words.
    const elsewhere = await org(await user())
    for (const slug of [elsewhere.slug, 'no-such-organization']) {
      const res = await transfer(ref, slug, admin.token)
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: TARGET_REFUSED })
    }
    // Made Admin in the target: allowed.
    await tp.platform.db.query(
      `update organization_members set role = 'Admin' where organization_id = $1 and profile_id = (select p.id from profiles p join users u on u.id = p.user_id where u.email = $2)`,
      [target.id, admin.email]
    )
    expect((await transfer(ref, target.slug, admin.token)).status).toBe(200)
  })

  it('refuses a Read-only member and a Developer of the source (403) and an outsider (404)', async () => {
    const alice = await user()
    const reader = await user()
    const developer = await user()
    const outsider = await user()
    const source = await org(alice)
    const target = await org(alice)
    await join(source.id, reader, 'Read-only')
    await join(source.id, developer, 'Developer')
    // Owners of the target: only their role in the source stops them.
    await join(target.id, reader, 'Owner')
    await join(target.id, developer, 'Owner')
    const ref = await project(source.id)
    expect((await transfer(ref, target.slug, reader.token)).status).toBe(403)
    expect((await transfer(ref, target.slug, developer.token)).status).toBe(403)
    expect((await preview(ref, target.slug, reader.token)).status).toBe(403)
    expect((await transfer(ref, target.slug, outsider.token)).status).toBe(404)
    expect((await stored(ref)).organization_id).toBe(source.id)
  })
})

describe('at the same time', () => {
  type Call = () => Promise<{ status: number; body: any }>
  // The scheduler's own statements on a project's row (a health check's mark, a backup's lock)
  // would be counted as a queued request's: it waits while these tests queue requests.
  beforeAll(() => tp.platform.scheduler.stop())
  afterAll(() => {
    tp.platform.scheduler = startScheduler(tp.platform)
  })
  /** The statements a request waits in: a lifecycle request's update, a transfer's lock of an organization or of the project. */
  const QUEUED_STATEMENTS = ['%transition_attempts = 0%', '%from organizations where id = $1 for update%', '%for no key update%', '%update projects set name = $2%', '%from projects where ref = $1 for update%']

  /**
   * Holds the project's row locked while `calls` start, each once the one before it waits, so
   * they queue in the order given. Only the requests' own statements are counted (the
   * scheduler's checks may wait on the row too).
   */
  async function queued(ref: string, calls: Call[]) {
    const client = new pg.Client({ connectionString: tp.platform.config.platformDatabaseUrl })
    await client.connect()
    // Asked outside the locking transaction: inside one, pg_stat_activity answers the same snapshot every time.
    const waiting = async () =>
      (
        await tp.platform.db.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like any($1::text[])`,
          [QUEUED_STATEMENTS]
        )
      )[0].n
    try {
      await client.query('begin')
      await client.query('select 1 from projects where ref = $1 for update', [ref])
      const started: ReturnType<Call>[] = []
      for (const call of calls) {
        const before = await waiting()
        started.push(call())
        while ((await waiting()) <= before) await new Promise((r) => setTimeout(r, 20))
      }
      await client.query('commit')
      return await Promise.all(started)
    } finally {
      await client.end()
    }
  }

  it('two transfers of one project: one moves it, the other gets 409', async () => {
    const alice = await user()
    const source = await org(alice)
    const a = await org(alice)
    const b = await org(alice)
    const ref = await project(source.id)
    const [first, second] = await queued(ref, [() => transfer(ref, a.slug, alice.token), () => transfer(ref, b.slug, alice.token)])
    expect(first.status).toBe(200)
    expect(second.status).toBe(409)
    expect(second.body.message).toBe('This project has just been moved to another organization by someone else.')
    expect((await stored(ref)).organization_id).toBe(a.id)
    expect(await auditOf(b.id)).toEqual([])
  })

  it('a delete queued behind a transfer gets 409 and deletes nothing', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    const ref = await project(source.id)
    const [moved, deleted] = await queued(ref, [() => transfer(ref, target.slug, alice.token), () => tp.call('DELETE', `/platform/projects/${ref}`, { token: alice.token })])
    expect(moved.status).toBe(200)
    expect(deleted.status).toBe(409)
    expect(deleted.body.message).toBe('This project has just been moved to another organization; open it there.')
    expect(await stored(ref)).toMatchObject({ organization_id: target.id, status: 'ACTIVE_HEALTHY' })
  })

  it('a branch queued behind a transfer of its parent gets 409 and is not made', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    const ref = await project(source.id)
    // A parent a branch could be made from (its database is never reached: the request is refused first).
    await tp.platform.db.query(`update projects set db_location = '{"url": "postgres://nowhere/db"}' where ref = $1`, [ref])
    const [moved, branched] = await queued(ref, [
      () => transfer(ref, target.slug, alice.token),
      () => tp.call('POST', `/platform/projects/${ref}/branches`, { token: alice.token, body: { name: 'late' } }),
    ])
    expect(moved.status).toBe(200)
    expect([branched.status, branched.body.message]).toEqual([409, 'This project has just been moved to another organization; create the branch there.'])
    expect(await tp.platform.db.query('select ref from projects where parent_project_ref = $1', [ref])).toEqual([])
  })

  it('a rename or a restore queued behind a transfer gets 409 and changes nothing', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    const ref = await project(source.id, { name: 'Kept name' })
    const [moved, renamed] = await queued(ref, [() => transfer(ref, target.slug, alice.token), () => tp.call('PATCH', `/platform/projects/${ref}`, { token: alice.token, body: { name: 'Late name' } })])
    expect(moved.status).toBe(200)
    expect([renamed.status, renamed.body.message]).toEqual([409, 'This project has just been moved to another organization; open it there.'])
    const back = await project(source.id)
    const [{ id }] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (project_ref, kind, status, database_name) values ($1, 'manual', 'completed', 'nowhere') returning id`,
      [back]
    )
    const [again, restored] = await queued(back, [() => transfer(back, target.slug, alice.token), () => tp.call('POST', `/platform/projects/${back}/backups/${id}/restore`, { token: alice.token })])
    expect(again.status).toBe(200)
    expect([restored.status, restored.body.message]).toEqual([409, 'This project has just been moved to another organization; open it there.'])
    expect(await stored(back)).toMatchObject({ organization_id: target.id, status: 'ACTIVE_HEALTHY' })
    expect(await tp.platform.db.query('select name from projects where ref = $1', [ref])).toEqual([{ name: 'Kept name' }])
  })

  it('a transfer queued behind a delete or a pause gets 409', async () => {
    const alice = await user()
    const source = await org(alice)
    const target = await org(alice)
    for (const [method, path, status] of [
      ['DELETE', '', 'going down'],
      ['POST', '/pause', 'pausing'],
    ]) {
      const ref = await project(source.id)
      const [first, second] = await queued(ref, [() => tp.call(method, `/platform/projects/${ref}${path}`, { token: alice.token }), () => transfer(ref, target.slug, alice.token)])
      expect([first.status, second.status, second.body.message]).toEqual([200, 409, expect.stringContaining(`this one is ${status}`)])
      expect((await stored(ref)).organization_id).toBe(source.id)
    }
  })
})

// @vitest-environment node
/**
 * Compute size: a resize puts the project in RESIZING, the size's limits land on its database
 * (pg_database, pg_roles, pg_db_role_setting), its sessions restart, and it is ACTIVE_HEALTHY on
 * the new size; refused on Free (402), for roles without projects:resize (403), and while another
 * operation is under way (409).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asEngineAdmin, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, statusOf } from '../helpers/project-backends'

type Limits = { datconnlimit: number; rolconnlimit: number; settings: string[] }

async function limitsOf(ref: string): Promise<Limits> {
  return asEngineAdmin(async (c) => {
    const { rows } = await c.query(
      `select d.datconnlimit, r.rolconnlimit,
         coalesce((select s.setconfig from pg_db_role_setting s where s.setdatabase = d.oid and s.setrole = 0), '{}') as settings
       from pg_database d join pg_roles r on r.rolname = d.datname where d.datname = $1`,
      [`p_${ref}`]
    )
    return rows[0]
  })
}

describe.each(BACKENDS)('compute size: $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let org: { id: number; slug: string }
  let ref: string

  const compute = (r = ref) => `/platform/projects/${r}/compute`
  const resize = (size: string, t = token, r = ref) => tp.call('POST', compute(r), { token: t, body: { size } })
  /** Holds the project in `status` under a lease no instance owns, so the scheduler leaves it alone. */
  const hold = (status: string) =>
    tp.platform.db.query(`update projects set status = $2, lease_owner = 'test', lease_until = now() + interval '1 hour' where ref = $1`, [ref, status])
  const release = () => tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY', lease_owner = null, lease_until = null, resizing_to = null where ref = $1`, [ref])

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
    const owner = await ownerWithOrg(tp, 'Compute Org')
    token = owner.token
    org = owner.org
    ref = await activeProject(tp, token, org.slug, { plan: 'pro' })
  })
  afterAll(async () => stop?.())

  it("shows the plan's default size until one is chosen", async () => {
    const res = await tp.call('GET', compute(), { token })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ref, status: 'ACTIVE_HEALTHY', size: 'micro', applied: false, resizing_to: null, available: ['micro', 'small', 'medium', 'large'] })
  })

  it("resizes: RESIZING, then the size's limits on the database, its sessions restarted, ACTIVE_HEALTHY", async () => {
    const [{ db_location: location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [ref])
    const open = new pg.Client({ connectionString: location.url })
    open.on('error', () => undefined)
    await open.connect()
    const { rows: before } = await open.query<{ pid: number }>('select pg_backend_pid() as pid')

    const res = await resize('small')
    expect(res.status).toBe(202)
    expect(res.body).toMatchObject({ status: 'RESIZING', size: 'micro', resizing_to: 'small' })
    await settle(tp.platform)

    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    const limits = await limitsOf(ref)
    expect(limits.datconnlimit).toBe(90)
    expect(limits.rolconnlimit).toBe(90)
    expect(limits.settings).toEqual(expect.arrayContaining(['work_mem=5MB', 'maintenance_work_mem=128MB', 'effective_cache_size=1536MB']))
    // The session open before the resize was ended; a new one starts with the new settings.
    await expect(open.query('select 1')).rejects.toThrow()
    await open.end().catch(() => undefined)
    const alive = await asEngineAdmin(async (c) => (await c.query('select 1 from pg_stat_activity where pid = $1', [before[0].pid])).rowCount)
    expect(alive).toBe(0)
    expect(await rowsOf(tp, token, ref, 'show work_mem')).toEqual([{ work_mem: '5MB' }])
    expect((await tp.call('GET', compute(), { token })).body).toMatchObject({ size: 'small', applied: true, resizing_to: null })

    const [entry] = await tp.platform.db.query<{ actor_email: string; details: unknown }>(
      `select actor_email, details from audit_log where organization_id = $1 and action = 'project.resized' order by id desc limit 1`,
      [org.id]
    )
    expect(entry.details).toEqual({ from: 'Micro', to: 'Small' })
  })

  it('goes down again: Micro', async () => {
    expect((await resize('micro')).status).toBe(202)
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    const limits = await limitsOf(ref)
    expect([limits.datconnlimit, limits.rolconnlimit]).toEqual([60, 60])
    expect(limits.settings).toEqual(expect.arrayContaining(['work_mem=2MB', 'maintenance_work_mem=64MB', 'effective_cache_size=768MB']))
  })

  it('answers 409 to the second of two resizes at once, and to the size it already has', async () => {
    const [a, b] = await Promise.all([resize('medium'), resize('large')])
    expect([a.status, b.status].sort()).toEqual([202, 409])
    expect([a, b].find((r) => r.status === 409)!.body.message).toBe('A resize of this project is already under way; choose another size once it is done.')
    await settle(tp.platform)
    const won = a.status === 202 ? 'medium' : 'large'
    expect((await tp.call('GET', compute(), { token })).body).toMatchObject({ status: 'ACTIVE_HEALTHY', size: won })
    const again = await resize(won)
    expect(again.status).toBe(409)
    expect(again.body.message).toBe(`This project already runs on ${won === 'medium' ? 'Medium' : 'Large'} compute.`)
  })

  it('refuses a resize during a restore, a backup, a pause or a transfer, and those during a resize', async () => {
    for (const status of ['RESTORING', 'PAUSING', 'INACTIVE']) {
      await hold(status)
      const res = await resize('small')
      expect(res.status).toBe(409)
      expect(res.body.message).toBe(`Only an active project can be resized; this one is ${status.toLowerCase()}.`)
    }
    await release()

    const [pending] = await tp.platform.db.query<{ id: string }>(
      `insert into project_backups (project_ref, kind, database_name, lease_until) values ($1, 'manual', $2, now() + interval '1 hour') returning id`,
      [ref, `p_${ref}_bk_pending`]
    )
    const during = await resize('small')
    expect(during.status).toBe(409)
    expect(during.body.message).toBe('A backup of this project is being made; resize once it is done.')
    await tp.platform.db.query('delete from project_backups where id = $1', [pending.id])

    await hold('RESIZING')
    const refusals = {
      backup: await tp.call('POST', `/platform/projects/${ref}/backups`, { token }),
      pause: await tp.call('POST', `/platform/projects/${ref}/pause`, { token }),
      transfer: await tp.call('POST', `/platform/projects/${ref}/transfer`, { token, body: { target_organization_slug: (await ownerOrgOf(token)).slug } }),
      resize: await resize('small'),
    }
    expect(Object.values(refusals).map((r) => r.status)).toEqual([409, 409, 409, 409])
    expect(refusals.backup.body.message).toBe('Only an active project can be backed up; this one is resizing.')
    expect(refusals.pause.body.message).toBe('Only an active project can be paused; this one is resizing.')
    expect(refusals.transfer.body.message).toContain('this one is resizing')
    await release()
  })

  /** A second organization of the owner (a transfer's target). */
  async function ownerOrgOf(t: string) {
    return (await tp.call('POST', '/platform/organizations', { token: t, body: { name: `Target ${Date.now()}` } })).body as { slug: string }
  }

  it('finishes a resize cut off mid-way (its lease ran out) when the project is claimed again', async () => {
    await tp.platform.db.query(
      `update projects set status = 'RESIZING', resizing_to = 'small', lease_owner = 'gone', lease_until = now() - interval '1 second', transition_attempts = 1 where ref = $1`,
      [ref]
    )
    tp.platform.scheduler.kick()
    await settle(tp.platform)
    expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    expect((await limitsOf(ref)).datconnlimit).toBe(90)
    expect((await tp.call('GET', compute(), { token })).body).toMatchObject({ size: 'small', resizing_to: null })
  })

  it('lets Owners and Admins resize; Developers and Read-only members get 403, outsiders 404', async () => {
    const admin = await memberOf(tp, org.id, 'Admin')
    expect((await resize('medium', admin)).status).toBe(202)
    await settle(tp.platform)
    for (const role of ['Developer', 'Read-only'] as const) {
      const member = await memberOf(tp, org.id, role)
      expect((await tp.call('GET', compute(), { token: member })).status).toBe(200)
      expect((await resize('large', member)).status).toBe(403)
    }
    const outsider = await ownerWithOrg(tp, 'Elsewhere')
    expect((await resize('large', outsider.token)).status).toBe(404)
    expect((await tp.call('GET', compute(), { token })).body.size).toBe('medium')
  })

  it('keeps Free projects on Nano: 402 with the reason, nothing changed', async () => {
    const free = await ownerWithOrg(tp, 'Free Compute Org')
    const freeRef = await activeProject(tp, free.token, free.org.slug)
    expect((await tp.call('GET', compute(freeRef), { token: free.token })).body).toMatchObject({ size: 'nano', available: ['nano'] })
    const before = await limitsOf(freeRef)
    const res = await resize('small', free.token, freeRef)
    expect(res.status).toBe(402)
    expect(res.body.message).toBe('The Free plan runs every project on Nano compute. Upgrade the organization to Pro to choose Small.')
    expect(await statusOf(tp, freeRef)).toBe('ACTIVE_HEALTHY')
    expect(await limitsOf(freeRef)).toEqual(before)
    // Nano itself may be applied on Free (its limits land on the database).
    expect((await resize('nano', free.token, freeRef)).status).toBe(202)
    await settle(tp.platform)
    expect((await limitsOf(freeRef)).datconnlimit).toBe(30)
  })

  it('keeps the Free plan on Nano: a downgrade or a transfer to Free is refused while a project runs on larger compute, until it is moved to Nano', async () => {
    const paid = await ownerWithOrg(tp, 'Downgrade Compute Org')
    const big = await activeProject(tp, paid.token, paid.org.slug, { plan: 'pro' })
    expect((await resize('small', paid.token, big)).status).toBe(202)
    await settle(tp.platform)
    const free = await tp.call('POST', '/platform/organizations', { token: paid.token, body: { name: 'Free Landing Org' } })
    expect(free.status).toBe(201)

    const downgrade = await tp.call('PUT', `/platform/organizations/${paid.org.slug}/billing/subscription`, { token: paid.token, body: { tier: 'tier_free' } })
    expect(downgrade.status).toBe(400)
    expect(downgrade.body.message).toMatch(/Nano/)
    const preview = await tp.call('GET', `/platform/projects/${big}/transfer/preview?target_organization_slug=${free.body.slug}`, { token: paid.token })
    expect(preview.body.can_transfer).toBe(false)
    expect(preview.body.refusals.map((r: { message: string }) => r.message).join(' ')).toMatch(/Nano/)
    const moved = await tp.call('POST', `/platform/projects/${big}/transfer`, { token: paid.token, body: { target_organization_slug: free.body.slug } })
    expect(moved.status).toBeGreaterThanOrEqual(400)

    // Once it runs on Nano, the downgrade goes ahead.
    await tp.platform.db.query(`update projects set compute_size = 'nano' where ref = $1`, [big])
    expect((await tp.call('PUT', `/platform/organizations/${paid.org.slug}/billing/subscription`, { token: paid.token, body: { tier: 'tier_free' } })).status).toBe(200)
  })

  it('refuses an unknown size with 400', async () => {
    const res = await resize('huge')
    expect(res.status).toBe(400)
  })
})

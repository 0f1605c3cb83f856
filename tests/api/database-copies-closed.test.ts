// @vitest-environment node
/**
 * A project's database is closed to the server's other login roles from the moment it is made: a
 * new project's, and a clone's, which holds a backup's data from its first instant. Every other
 * project's own role is such a login role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { settle, type TestPlatform } from '../helpers/test-platform'
import { probingCreatedDatabases } from '../helpers/database-probe'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf, runSql, statusOf } from '../helpers/project-backends'

describe.skipIf(!BACKENDS[0].enabled)("a project's database while it is made", () => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let slug: string

  beforeAll(async () => {
    ;({ tp, stop } = await BACKENDS[0].start())
    const owner = await ownerWithOrg(tp, 'Copies Org')
    token = owner.token
    slug = owner.org.slug
  })
  afterAll(async () => stop?.())

  /** Runs `act` while every project database the platform creates is tried by another role right after its CREATE DATABASE. */
  const probingEachCreate = (act: () => Promise<void>) => probingCreatedDatabases(/^CREATE DATABASE "(p_[a-z0-9]+)"/, act)

  it("a new project's and a clone's database let no other login role in, and serve their own role once made", async () => {
    let source = ''
    const created = await probingEachCreate(async () => {
      source = await activeProject(tp, token, slug, { plan: 'pro' })
    })
    expect(created).toHaveLength(1)
    expect(created[0]).not.toBe('connected')
    await runSql(tp, token, source, `create table secrets (v text); insert into secrets values ('kept')`)
    const backup = (await tp.call('POST', `/platform/projects/${source}/backups`, { token })).body as { id: number }

    let clone = ''
    const cloned = await probingEachCreate(async () => {
      const res = await tp.call('POST', `/platform/projects/${source}/backups/${backup.id}/clone`, { token, body: { name: 'Clone' } })
      expect(res.status).toBe(201)
      clone = res.body.ref
      await settle(tp.platform)
    })
    expect(cloned).toHaveLength(1)
    expect(cloned[0]).not.toBe('connected')
    expect(await statusOf(tp, clone)).toBe('ACTIVE_HEALTHY')
    expect(await rowsOf(tp, token, clone, 'select v from secrets')).toEqual([{ v: 'kept' }])
    expect((await runSql(tp, token, clone, `insert into secrets values ('clone')`)).status).toBe(200)
  })
})

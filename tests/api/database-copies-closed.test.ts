// @vitest-environment node
/**
 * A project's database is closed to the server's other login roles from the moment it is made: a
 * new project's, and a clone's, which holds a backup's data from its first instant. Every other
 * project's own role is such a login role.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { asEngineAdmin, engineUrl, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf, runSql, statusOf } from '../helpers/project-backends'

describe.skipIf(!BACKENDS[0].enabled)("a project's database while it is made", () => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let token: string
  let slug: string
  const probe = `copy_probe_${Date.now()}`

  beforeAll(async () => {
    ;({ tp, stop } = await BACKENDS[0].start())
    const owner = await ownerWithOrg(tp, 'Copies Org')
    token = owner.token
    slug = owner.org.slug
    await asEngineAdmin((c) => c.query(`create role ${probe} login password 'probe-password'`))
  })
  afterAll(async () => {
    await asEngineAdmin((c) => c.query(`drop role if exists ${probe}`)).catch(() => undefined)
    await stop?.()
  })

  /** Runs `act` while every project database the platform creates is tried by the probe role right after its CREATE DATABASE. */
  async function probingEachCreate(act: () => Promise<void>): Promise<string[]> {
    const attempts: string[] = []
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
    const tryToConnect = async (database: string) => {
      const url = new URL(engineUrl(database))
      url.username = probe
      url.password = 'probe-password'
      const client = new pg.Client({ connectionString: url.toString() })
      try {
        await client.connect()
        attempts.push('connected')
      } catch (error) {
        attempts.push((error as Error).message)
      } finally {
        await client.end().catch(() => undefined)
      }
    }
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const made = typeof args[0] === 'string' ? /^CREATE DATABASE "(p_[a-z0-9]+)"/.exec(args[0]) : null
      const callback = args.at(-1)
      // A pool's query hands a callback; a client's answers a promise.
      if (made && typeof callback === 'function')
        args[args.length - 1] = (error: unknown, value: unknown) => void tryToConnect(made[1]).then(() => (callback as (e: unknown, v: unknown) => void)(error, value))
      const result = query.apply(this, args) as Promise<unknown> | undefined
      if (!made || typeof result?.then !== 'function') return result
      return result.then(async (value) => {
        await tryToConnect(made[1])
        return value
      })
    } as typeof pg.Client.prototype.query)
    try {
      await act()
    } finally {
      spy.mockRestore()
    }
    return attempts
  }

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

// @vitest-environment node
/**
 * What a project's role learns of the other projects on a shared PostgreSQL server (15 here), as
 * docs/scale-out.md ("What the other projects on a server can see") says: their database and
 * role names (`p_<ref>`, so their refs), and nothing else of them: not their sessions' statements
 * or client addresses, not their databases' sizes, not their password hashes, not their data.
 * The names cannot be hidden by REVOKE: a role's name is printed by `::regrole` and
 * pg_get_userbyid() for any oid, which no privilege controls, and pg_database/pg_roles are read by
 * psql, pg_dump (preview branches) and the dashboard's roles and extensions pages. So the names
 * are pinned here as the documented exposure; a test that starts failing means the doc is out of date.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf, runSql } from '../helpers/project-backends'
import type { TestPlatform } from '../helpers/test-platform'

const server = BACKENDS.find((b) => b.name === 'server')!

describe.skipIf(!server.enabled)("a project role and its neighbours' projects on a shared server", () => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let mine: { token: string; ref: string }
  let theirs: string
  let neighbour: pg.Client

  beforeAll(async () => {
    ;({ tp, stop } = await server.start())
    const me = await ownerWithOrg(tp, 'Tenant A')
    mine = { token: me.token, ref: await activeProject(tp, me.token, me.org.slug) }
    const other = await ownerWithOrg(tp, 'Tenant B')
    theirs = await activeProject(tp, other.token, other.org.slug)
    // The neighbour's own client, connected from outside and idle after a statement of theirs.
    const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [theirs])
    if (row.db_location.kind !== 'server') throw new Error('expected a server location')
    neighbour = new pg.Client({ connectionString: row.db_location.url, application_name: 'tenant-b-app' })
    neighbour.on('error', () => undefined)
    await neighbour.connect()
    await neighbour.query("select 'tenant-b-secret-statement' as marker")
  })
  afterAll(async () => {
    await neighbour?.end().catch(() => undefined)
    await stop?.()
  })

  const sql = (query: string) => rowsOf(tp, mine.token, mine.ref, query)

  it("sees the neighbour's database and role names (documented: not hidden on a shared server)", async () => {
    expect((await sql('select datname from pg_catalog.pg_database')).map((r) => r.datname)).toContain(`p_${theirs}`)
    expect((await sql('select rolname from pg_catalog.pg_roles')).map((r) => r.rolname)).toContain(`p_${theirs}`)
    // Why a REVOKE on the catalogs would not hide them: an oid names its role for anyone.
    const [{ name }] = await sql(`select (select oid from pg_catalog.pg_roles where rolname = 'p_${theirs}')::regrole::text as name`)
    expect(name).toBe(`p_${theirs}`)
  })

  it("does not see the neighbour's statements nor where its clients connect from", async () => {
    const sessions = await sql(`select query, client_addr::text as client_addr, state from pg_catalog.pg_stat_activity where usename = 'p_${theirs}'`)
    expect(sessions.length).toBeGreaterThan(0)
    for (const session of sessions) expect(session).toEqual({ query: '<insufficient privilege>', client_addr: null, state: null })
  })

  it("cannot read the neighbour's database size, password hash or data", async () => {
    for (const query of [
      `select pg_catalog.pg_database_size('p_${theirs}')`,
      `select rolpassword from pg_catalog.pg_authid where rolname = 'p_${theirs}'`,
      `select * from dblink('dbname=p_${theirs}', 'select 1') as t(x int)`,
    ]) {
      const res = await runSql(tp, mine.token, mine.ref, query)
      expect(res.status, query).toBeGreaterThanOrEqual(400)
    }
  })
})

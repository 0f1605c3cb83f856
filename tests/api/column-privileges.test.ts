// @vitest-environment node
/**
 * Column-level privileges against the real platform: the listing shows grants
 * made in SQL, grant and revoke change what information_schema says (a table-wide grant too),
 * roles are the project's only, names are quoted or refused, and the roles policy, membership
 * and the project's state hold.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { catalogStamp, isFresh } from '@/server/sql/catalog-version'
import { asEngineAdmin, type TestPlatform } from '../helpers/test-platform'
import type { PgCluster } from '../helpers/pg-cluster'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, rowsOf, runSql } from '../helpers/project-backends'

/**
 * Roles are server-wide and the run's server is shared by suites running at once: the roles made
 * here carry a suffix of this run's own.
 */
const suffix = randomBytes(4).toString('hex')
const APP_READER = `app_reader_${suffix}`
const APP_WRITER = `app_writer_${suffix}`
const APP_AUDITOR = `app_auditor_${suffix}`
const ODD_ROLE = `Odd "Role" ${suffix}`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`column privileges: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let outsider: string
    let ref: string

    const path = () => `/platform/projects/${ref}/column-privileges`
    const list = (token: string, schema: string, table: string) =>
      tp.call('GET', `${path()}?${new URLSearchParams({ schema, table })}`, { token })
    const change = (kind: 'grant' | 'revoke', token: string, body: Record<string, unknown>) => tp.call('POST', `${path()}/${kind}`, { token, body })

    /** Runs SQL as the project's owner and fails the test when it fails. */
    const sql = (query: string) => rowsOf(tp, owner, ref, query)

    /**
     * A role the project may use: the server's operator creates it and grants it to the project's
     * role (before PostgreSQL 16 project roles cannot create roles).
     */
    async function createRole(name: string) {
      const quoted = pg.escapeIdentifier(name)
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        await admin.query(`create role ${quoted} nologin`)
        await admin.query(`grant ${quoted} to ${pg.escapeIdentifier(`p_${ref}`)}`)
      } finally {
        await admin.end()
      }
    }

    /** What information_schema says the role holds on the table's columns, as `column:PRIVILEGE`. */
    async function privilegesOf(role: string, table: string) {
      const rows = await sql(
        `select column_name, privilege_type from information_schema.column_privileges
         where table_schema = 'public' and table_name = ${pg.escapeLiteral(table)} and grantee = ${pg.escapeLiteral(role)}
         order by column_name, privilege_type`
      )
      return rows.map((r) => `${r.column_name}:${r.privilege_type}`)
    }

    beforeAll(async () => {
      ;({ tp, cluster, stop } = await backend.start())
      const o = await ownerWithOrg(tp)
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'pro' })
      reader = await memberOf(tp, o.org.id, 'Read-only')
      outsider = (await ownerWithOrg(tp, 'Elsewhere')).token
      await sql('create table accounts (id int primary key, email text, secret text)')
      await createRole(APP_READER)
      await createRole(APP_WRITER)
      await createRole(APP_AUDITOR)
    })
    afterAll(async () => {
      await stop?.()
      // The project's database is gone with the platform: nothing holds these roles any more.
      await asEngineAdmin(async (c) => {
        for (const role of [APP_READER, APP_WRITER, APP_AUDITOR, ODD_ROLE]) await c.query(`drop role if exists ${pg.escapeIdentifier(role)}`)
      })
    })

    it('lists the table, its columns, the project roles and a grant made in SQL', async () => {
      await sql(`grant select (email) on accounts to ${APP_READER}`)
      const res = await list(owner, 'public', 'accounts')
      expect(res.status).toBe(200)
      expect(res.body.table).toEqual({ schema: 'public', name: 'accounts', kind: 'table' })
      expect(res.body.columns).toEqual([
        { name: 'id', type: 'integer' },
        { name: 'email', type: 'text' },
        { name: 'secret', type: 'text' },
      ])
      const projectRole = `p_${ref}`
      expect(res.body.owner).toBe(projectRole)
      expect(res.body.roles[0]).toBe(projectRole)
      expect(res.body.roles).toEqual(expect.arrayContaining([APP_READER, APP_WRITER, APP_AUDITOR]))
      expect(res.body.column_grants).toContainEqual({ role: APP_READER, column: 'email', privilege: 'SELECT' })
      // The owner holds every privilege on its own table, table-wide.
      expect(res.body.table_grants).toEqual(expect.arrayContaining(['INSERT', 'REFERENCES', 'SELECT', 'UPDATE'].map((privilege) => ({ role: projectRole, privilege }))))
    })

    it('never offers predefined, superuser or platform roles', async () => {
      const res = await list(owner, 'public', 'accounts')
      const roles: string[] = res.body.roles
      expect(roles.filter((r) => r.startsWith('pg_'))).toEqual([])
      for (const internal of ['project_readonly', 'platform_guard', 'platform_admin', `p_${ref}_ro`, 'postgres'].filter((r) => r !== res.body.owner))
        expect(roles).not.toContain(internal)
      for (const role of ['pg_read_all_data', 'project_readonly', `p_${ref}_ro`]) {
        const refused = await change('grant', owner, { schema: 'public', table: 'accounts', role, columns: ['secret'], privileges: ['SELECT'] })
        expect(refused.status).toBe(404)
        expect(refused.body.message).toContain("is not one of this project's roles")
      }
    })

    it('grants and revokes per column: information_schema follows', async () => {
      const stamp = catalogStamp(tp.platform, ref)
      const granted = await change('grant', owner, {
        schema: 'public',
        table: 'accounts',
        role: APP_WRITER,
        columns: ['email', 'secret'],
        privileges: ['INSERT', 'UPDATE'],
      })
      expect(granted.status).toBe(200)
      // What a role may see changed: the table editor and GraphQL read the catalog again at once.
      expect(isFresh(tp.platform, ref, stamp)).toBe(false)
      expect(granted.body.column_grants.filter((g: { role: string }) => g.role === APP_WRITER)).toHaveLength(4)
      expect(await privilegesOf(APP_WRITER, 'accounts')).toEqual(['email:INSERT', 'email:UPDATE', 'secret:INSERT', 'secret:UPDATE'])

      const revoked = await change('revoke', owner, { schema: 'public', table: 'accounts', role: APP_WRITER, columns: ['secret'], privileges: ['UPDATE'] })
      expect(revoked.status).toBe(200)
      expect(await privilegesOf(APP_WRITER, 'accounts')).toEqual(['email:INSERT', 'email:UPDATE', 'secret:INSERT'])
      expect(revoked.body.column_grants).not.toContainEqual({ role: APP_WRITER, column: 'secret', privilege: 'UPDATE' })
    })

    it('a grant holds for the role itself: set role reads and writes the granted columns only', async () => {
      /** Runs SQL as the role (one batch: the role lasts for it), answering the status and the message. */
      const asAuditor = async (query: string) => {
        const res = await runSql(tp, owner, ref, `set role ${APP_AUDITOR}; ${query}`)
        return { status: res.status, message: String(res.body?.message ?? '') }
      }
      await sql("create table audited (id int primary key, email text, secret text); insert into audited values (7, 'a@example.com', 's3cret')")
      expect((await asAuditor('select email from audited')).message).toMatch(/permission denied/)

      const grant = { schema: 'public', table: 'audited', role: APP_AUDITOR, columns: ['email'], privileges: ['SELECT', 'UPDATE'] }
      expect((await change('grant', owner, grant)).status).toBe(200)
      expect((await asAuditor('select email from audited')).status).toBe(200)
      expect((await asAuditor("update audited set email = 'b@example.com'")).status).toBe(200)
      expect(await sql('select email from audited')).toEqual([{ email: 'b@example.com' }])
      // Not granted: another column, and a WHERE that reads one.
      const secret = await asAuditor('select secret from audited')
      expect(secret.status).not.toBe(200)
      expect(secret.message).toMatch(/permission denied/)
      expect((await asAuditor("update audited set secret = 'x'")).message).toMatch(/permission denied/)
      expect((await asAuditor('select email from audited where id = 7')).message).toMatch(/permission denied/)

      expect((await change('revoke', owner, grant)).status).toBe(200)
      expect((await asAuditor('select email from audited')).message).toMatch(/permission denied/)
    })

    it('revoking one column of a table-wide grant keeps the other columns', async () => {
      await sql(`grant select on accounts to ${APP_AUDITOR}`)
      expect((await list(owner, 'public', 'accounts')).body.table_grants).toContainEqual({ role: APP_AUDITOR, privilege: 'SELECT' })
      const res = await change('revoke', owner, { schema: 'public', table: 'accounts', role: APP_AUDITOR, columns: ['secret'], privileges: ['SELECT'] })
      expect(res.status).toBe(200)
      expect(res.body.table_grants).not.toContainEqual({ role: APP_AUDITOR, privilege: 'SELECT' })
      expect(await privilegesOf(APP_AUDITOR, 'accounts')).toEqual(['email:SELECT', 'id:SELECT'])
      const [row] = await sql(`select has_column_privilege(${pg.escapeLiteral(APP_AUDITOR)}, 'accounts', 'secret', 'SELECT') as secret, has_column_privilege(${pg.escapeLiteral(APP_AUDITOR)}, 'accounts', 'email', 'SELECT') as email`)
      expect(row).toEqual({ secret: false, email: true })
    })

    it('lets a Read-only member look but not change (403), and changes nothing', async () => {
      const seen = await list(reader, 'public', 'accounts')
      expect(seen.status).toBe(200)
      expect(seen.body.column_grants).toContainEqual({ role: APP_READER, column: 'email', privilege: 'SELECT' })
      const before = await privilegesOf(APP_READER, 'accounts')
      for (const kind of ['grant', 'revoke'] as const) {
        const res = await change(kind, reader, { schema: 'public', table: 'accounts', role: APP_READER, columns: ['email', 'secret'], privileges: ['SELECT'] })
        expect(res.status).toBe(403)
      }
      expect(await privilegesOf(APP_READER, 'accounts')).toEqual(before)
    })

    it('answers 404 to a user of another organization, without a word about the project', async () => {
      const seen = await list(outsider, 'public', 'accounts')
      expect(seen.status).toBe(404)
      expect(JSON.stringify(seen.body)).not.toContain('accounts')
      const res = await change('grant', outsider, { schema: 'public', table: 'accounts', role: APP_READER, columns: ['secret'], privileges: ['SELECT'] })
      expect(res.status).toBe(404)
      expect(await privilegesOf(APP_READER, 'accounts')).not.toContain('secret:SELECT')
    })

    it.each([
      ['a table', { table: 'missing' }, 'Table public.missing does not exist.'],
      ['a column', { columns: ['email', 'missing'] }, 'Column missing does not exist in table public.accounts.'],
      ['a role', { role: 'nobody' }, "Role nobody is not one of this project's roles."],
      ['a system table', { schema: 'pg_catalog', table: 'pg_class', columns: ['relname'] }, 'Table pg_catalog.pg_class does not exist.'],
    ])('answers 404 for %s that is not there', async (_, override, message) => {
      const res = await change('grant', owner, { schema: 'public', table: 'accounts', role: APP_READER, columns: ['secret'], privileges: ['SELECT'], ...override })
      expect(res.status).toBe(404)
      expect(res.body.message).toBe(message)
      expect(await privilegesOf(APP_READER, 'accounts')).toEqual(['email:SELECT'])
    })

    it('answers 404 when listing a table that is not there', async () => {
      const res = await list(owner, 'public', 'missing')
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('Table public.missing does not exist.')
    })

    it.each([
      ['role', { role: `${APP_READER}; drop table accounts; --` }],
      ['role', { role: `${APP_READER}" cascade; drop table accounts; --` }],
      ['table', { table: 'accounts"; drop table accounts; --' }],
      ['table', { table: "accounts'); drop table accounts; --" }],
      ['column', { columns: ['email) on accounts to public; drop table accounts; --'] }],
      ['schema', { schema: "public' or '1'='1" }],
    ])('refuses an injection attempt in the %s name', async (_, override) => {
      for (const kind of ['grant', 'revoke'] as const) {
        const res = await change(kind, owner, { schema: 'public', table: 'accounts', role: APP_READER, columns: ['secret'], privileges: ['SELECT'], ...override })
        expect(res.status).toBe(404)
      }
      expect(await sql("select count(*)::int as n from pg_tables where tablename = 'accounts'")).toEqual([{ n: 1 }])
      expect(await privilegesOf(APP_READER, 'accounts')).toEqual(['email:SELECT'])
    })

    it('quotes awkward names that do exist', async () => {
      await sql(`create table "my ""table""" (id int, "we""ird col" text, "Upper; drop" text)`)
      await createRole(ODD_ROLE)
      const body = { schema: 'public', table: 'my "table"', role: ODD_ROLE, columns: ['we"ird col', 'Upper; drop'], privileges: ['SELECT', 'UPDATE'] }
      const granted = await change('grant', owner, body)
      expect(granted.status).toBe(200)
      expect(granted.body.table.name).toBe('my "table"')
      expect(await privilegesOf(ODD_ROLE, 'my "table"')).toEqual(['Upper; drop:SELECT', 'Upper; drop:UPDATE', 'we"ird col:SELECT', 'we"ird col:UPDATE'])
      const revoked = await change('revoke', owner, { ...body, columns: ['Upper; drop'], privileges: ['UPDATE'] })
      expect(revoked.status).toBe(200)
      expect(await privilegesOf(ODD_ROLE, 'my "table"')).toEqual(['Upper; drop:SELECT', 'we"ird col:SELECT', 'we"ird col:UPDATE'])
      const listed = await list(owner, 'public', 'my "table"')
      expect(listed.body.column_grants).toContainEqual({ role: ODD_ROLE, column: 'we"ird col', privilege: 'UPDATE' })
    })

    it.each([
      ['an unknown privilege', { privileges: ['DELETE'] }, 'privileges must be among SELECT, INSERT, UPDATE, REFERENCES'],
      ['no columns', { columns: [] }, 'columns must name at least one column'],
      ['a column twice', { columns: ['email', 'email'] }, 'columns must not name a column twice'],
      ['no role', { role: undefined }, 'role is required'],
      ['a name too long', { role: 'r'.repeat(64) }, 'role must be at most 63 bytes long'],
      ['a name that is not text', { table: 42 }, 'table must be text'],
    ])('answers 400 for %s', async (_, override, message) => {
      const res = await change('grant', owner, { schema: 'public', table: 'accounts', role: APP_READER, columns: ['secret'], privileges: ['SELECT'], ...override })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain(message)
    })

    it('answers 400 for a listing without a table', async () => {
      const res = await tp.call('GET', `${path()}?schema=public`, { token: owner })
      expect(res.status).toBe(400)
      expect(res.body.message).toContain('table is required')
    })

    it('lands every one of concurrent grants on the same table', async () => {
      await sql('create table wide (a int, b int, c int, d int, e int, f int)')
      const columns = ['a', 'b', 'c', 'd', 'e', 'f']
      const answers = await Promise.all(
        columns.map((column) => change('grant', owner, { schema: 'public', table: 'wide', role: APP_WRITER, columns: [column], privileges: ['SELECT', 'UPDATE'] }))
      )
      expect(answers.map((a) => a.status)).toEqual(columns.map(() => 200))
      expect(await privilegesOf(APP_WRITER, 'wide')).toEqual(columns.flatMap((c) => [`${c}:SELECT`, `${c}:UPDATE`]))
    })

    it('answers 409 while the project is paused, and works again once it is back', async () => {
      await tp.platform.db.query(`update projects set status = 'INACTIVE' where ref = $1`, [ref])
      try {
        const res = await list(owner, 'public', 'accounts')
        expect(res.status).toBe(409)
        expect(res.body.message).toContain('paused')
      } finally {
        await tp.platform.db.query(`update projects set status = 'ACTIVE_HEALTHY' where ref = $1`, [ref])
      }
      expect((await list(owner, 'public', 'accounts')).status).toBe(200)
    })
  })
}

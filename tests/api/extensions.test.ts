// @vitest-environment node
/**
 * Extensions against the real platform, on both backends: the listing merges the catalogue with
 * what the database has and says why an extension cannot be had; enable creates the schema and
 * the extension for real (the type works), disable drops it (refused while something uses it,
 * unless cascade); names are quoted or refused; the roles policy and membership hold. On a server,
 * extensions that need a superuser are created by the platform as the server's admin, from its
 * list, in its own schema only, and nothing the project's role planted runs with those rights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Extension } from '@/lib/api-types'
import { disableExtensionSql, enableExtensionSql } from '@/lib/extensions/extension-sql'
import { REASONS } from '@/lib/extensions/merge'
import { statementsFromRows, statementsSql } from '@/lib/sql/project-features/query-performance'
import { SUPERUSER_EXTENSIONS } from '@/server/extensions/superuser-extensions'
import { catalogStamp, isFresh } from '@/server/sql/catalog-version'
import { asEngineAdmin, engineUrl, type TestPlatform } from '../helpers/test-platform'
import { adminClient } from '@/server/databases/admin-session'
import { createFromPlan, planExtension } from '@/server/extensions/as-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf, runSql, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  const onServer = backend.name === 'server'

  describe.skipIf(!backend.enabled)(`extensions: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let outsider: string
    let ref: string
    let orgSlug: string

    const path = () => `/platform/projects/${ref}/extensions`
    const list = (token: string) => tp.call('GET', path(), { token })
    const enable = (token: string, body: unknown) => tp.call('POST', path(), { token, body })
    const disable = (token: string, name: string, cascade?: string) =>
      tp.call('DELETE', `${path()}/${encodeURIComponent(name)}${cascade === undefined ? '' : `?cascade=${cascade}`}`, { token })
    const entry = (body: { extensions: Extension[] }, name: string) => body.extensions.find((e) => e.name === name)

    /** Runs SQL as the project's owner and fails the test when it fails. */
    const sql = (query: string) => rowsOf(tp, owner, ref, query)

    beforeAll(async () => {
      let org: { slug: string }
      ;({ tp, stop, owner, ref, reader, org } = await startWithReader(backend))
      orgSlug = org.slug
      outsider = (await ownerWithOrg(tp, 'Elsewhere')).token
    })
    afterAll(async () => stop?.())

    it('lists the catalogue merged with what the database has, the same for a Read-only member', async () => {
      const res = await list(owner)
      expect(res.status).toBe(200)
      expect(entry(res.body, 'citext')).toMatchObject({ in_catalogue: true, enabled: false, changeable: true, reason: null, tags: ['Data Type'] })
      expect(entry(res.body, 'citext')?.default_version).toMatch(/^\d/)
      expect(entry(res.body, 'plpgsql')).toMatchObject({ enabled: true, schema: 'pg_catalog' })
      // Not on either backend here: shown, with the reason.
      expect(entry(res.body, 'timescaledb')).toMatchObject({ enabled: false, changeable: false, reason: REASONS.missing })
      expect(res.body.schemas).toContain('public')
      expect(res.body.schemas).not.toContain('pg_catalog')

      const asReader = await list(reader)
      expect(asReader.status).toBe(200)
      expect(asReader.body).toEqual(res.body)
    })

    it('enables citext into a new schema with an awkward name, as the SQL it answers says', async () => {
      const schema = 'Ext "Types"'
      const stamp = catalogStamp(tp.platform, ref)
      const res = await enable(owner, { name: 'citext', schema })
      expect(res.status).toBe(200)
      // New types and functions: the table editor and GraphQL read the catalog again at once.
      expect(isFresh(tp.platform, ref, stamp)).toBe(false)
      expect(res.body.sql).toBe(enableExtensionSql({ name: 'citext', schema }))
      expect(entry(res.body, 'citext')).toMatchObject({ enabled: true, schema, changeable: true })
      expect(res.body.schemas).toContain(schema)
      const [row] = await sql(`select 'a'::"Ext ""Types""".citext operator("Ext ""Types""".=) 'A' as same`)
      expect(row.same).toBe(true)
      const [owned] = await sql(`select pg_get_userbyid(nspowner) = current_user as mine from pg_namespace where nspname = 'Ext "Types"'`)
      expect(owned.mine).toBe(true)

      const again = await enable(owner, { name: 'citext', schema: 'public' })
      expect(again.status).toBe(409)
      expect(again.body.message).toContain('already enabled')
    })

    it('refuses to disable what something uses, then drops it and what uses it with cascade', async () => {
      await sql(`create table emails (address "Ext ""Types""".citext)`)
      const refused = await disable(owner, 'citext')
      expect(refused.status).toBe(400)
      // Postgres' own words.
      expect(refused.body.message).toMatch(/cannot drop extension citext because other objects depend on it/)
      expect(entry((await list(owner)).body, 'citext')?.enabled).toBe(true)

      const res = await disable(owner, 'citext', 'true')
      expect(res.status).toBe(200)
      expect(res.body.sql).toBe(disableExtensionSql({ name: 'citext', cascade: true }))
      expect(entry(res.body, 'citext')?.enabled).toBe(false)
      const [row] = await sql(`select count(*)::int as n from pg_attribute where attrelid = 'emails'::regclass and attnum > 0 and not attisdropped`)
      expect(row.n).toBe(0)

      const gone = await disable(owner, 'citext')
      expect(gone.status).toBe(404)
    })

    it('enables a contrib module PGlite now opens with, and it works', async () => {
      const res = await enable(owner, { name: 'fuzzystrmatch', schema: 'extensions', cascade: true })
      expect(res.status).toBe(200)
      expect(res.body.sql).toContain('cascade')
      const [row] = await sql(`select extensions.levenshtein('kitten', 'sitting') as distance`)
      expect(row.distance).toBe(3)
      expect((await disable(owner, 'fuzzystrmatch')).status).toBe(200)
    })

    // Their scripts run ALTER EXTENSION … DROP themselves, which must not end the superuser lent
    // for the CREATE EXTENSION on the embedded database.
    it.each([
      ['cube', `select extensions.cube_dim('(1,2,3)'::extensions.cube) as value`, 3],
      ['seg', `select extensions.seg_size('1 .. 4'::extensions.seg) as value`, 3],
    ])('enables %s, whose script alters itself, and it works', async (name, query, value) => {
      const available = entry((await list(owner)).body, name)
      if (onServer && !available?.changeable) return // not every server ships it
      const res = await enable(owner, { name, schema: 'extensions' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const [row] = await sql(query)
      expect(row.value).toBe(value)
      expect((await disable(owner, name)).status).toBe(200)
    })

    it('enables once when two tabs ask at the same time: the other is a conflict', async () => {
      const both = await Promise.all([enable(owner, { name: 'hstore', schema: 'public' }), enable(owner, { name: 'hstore', schema: 'public' })])
      expect(both.map((r) => r.status).sort(), JSON.stringify(both.map((r) => r.body.message))).toEqual([200, 409])
      expect((await disable(owner, 'hstore')).status).toBe(200)
    })

    it('refuses an extension the database lacks with its reason, and a name it has never heard of', async () => {
      const missing = await enable(owner, { name: 'timescaledb', schema: 'extensions' })
      expect(missing.status).toBe(404)
      expect(missing.body.message).toBe(`Extension "timescaledb" is not available in this database. ${REASONS.missing}`)
      const unknown = await enable(owner, { name: 'no_such_extension', schema: 'extensions' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.message).toContain('"no_such_extension" is not available')
    })

    it.skipIf(!onServer)('refuses postgres_fdw and file_fdw, which reach the server host, with the reason the page shows', async () => {
      for (const name of ['postgres_fdw', 'file_fdw']) {
        const policy = SUPERUSER_EXTENSIONS[name]
        if (policy.offered) throw new Error(`${name} must be refused`)
        expect(entry((await list(owner)).body, name)).toMatchObject({ enabled: false, changeable: false, reason: policy.reason })
        const res = await enable(owner, { name, schema: 'extensions' })
        expect(res.status).toBe(403)
        expect(res.body.message).toBe(`Extension "${name}" cannot be enabled here. ${policy.reason}`)
        expect(res.body.message).toMatch(/server.s host/)
      }
      expect(entry((await list(owner)).body, 'postgres_fdw')?.enabled).toBe(false)
    })

    it.skipIf(!onServer)('enables ltree as the project role itself (trusted): the role owns it', async () => {
      const res = await enable(owner, { name: 'ltree', schema: 'public' })
      expect(res.status).toBe(200)
      expect(res.body.sql).toBe(enableExtensionSql({ name: 'ltree', schema: 'public' }))
      expect(entry(res.body, 'ltree')).toMatchObject({ enabled: true, by_platform: false })
      const [row] = await sql(`select pg_get_userbyid(extowner) = current_user as mine, 'a.b.c'::ltree @> 'a.b.c.d'::ltree as contains from pg_extension where extname = 'ltree'`)
      expect(row).toEqual({ mine: true, contains: true })
      expect((await disable(owner, 'ltree')).status).toBe(200)
    })

    it.skipIf(!onServer)(
      'enables pg_stat_statements through the platform: the project reads its own statements, never another project’s, and resets its own',
      async () => {
        // There from the start, as on hosted projects; disabled and enabled again here.
        const listed = entry((await list(owner)).body, 'pg_stat_statements')
        expect(listed).toMatchObject({ enabled: true, schema: 'extensions', changeable: true, reason: null, by_platform: true })
        expect((await disable(owner, 'pg_stat_statements')).status).toBe(200)
        expect(entry((await list(owner)).body, 'pg_stat_statements')).toMatchObject({ enabled: false, changeable: true })

        const res = await enable(owner, { name: 'pg_stat_statements', schema: 'extensions' })
        expect(res.status, JSON.stringify(res.body)).toBe(200)
        expect(res.body.sql).toContain('set local search_path = pg_catalog, "extensions";')
        expect(res.body.platform_schema).toBe('extensions')
        expect(entry(res.body, 'pg_stat_statements')).toMatchObject({ enabled: true, schema: 'extensions', changeable: true, by_platform: true })
        // The platform's schema: the admin's, the project's role may use it but not create in it.
        const [schema] = await sql(
          `select pg_get_userbyid(nspowner) <> current_user as not_mine, has_schema_privilege('extensions', 'USAGE') as usage, has_schema_privilege('extensions', 'CREATE') as can_create from pg_namespace where nspname = 'extensions'`
        )
        expect(schema).toEqual({ not_mine: true, usage: true, can_create: false })

        const other = await activeProject(tp, owner, orgSlug)
        // Constants are normalised away in the statistics; a column name is kept.
        await rowsOf(tp, owner, other, `select 1 as other_project_marker`)
        await sql(`select 1 as own_project_marker`)
        const queries = statementsFromRows(await sql(statementsSql('extensions'))).map((s) => s.query ?? '')
        expect(queries.some((q) => q.includes('own_project_marker'))).toBe(true)
        expect(queries.some((q) => q.includes('other_project_marker'))).toBe(false)
        // Even reading the view directly: another role's statements show no text.
        const [direct] = await sql(`select count(*)::int as n from extensions.pg_stat_statements where query like '%other_project_marker%'`)
        expect(direct.n).toBe(0)

        // The server-wide reset stays the superuser's; this database's own is the project's.
        const serverWide = await runSql(tp, owner, ref, 'select extensions.pg_stat_statements_reset()')
        expect(serverWide.status).toBe(400)
        expect(serverWide.body.message).toMatch(/permission denied for function pg_stat_statements_reset/)
        await sql('select extensions.pg_stat_statements_reset_database()')
        const after = statementsFromRows(await sql(statementsSql('extensions'))).map((s) => s.query ?? '')
        expect(after.some((q) => q.includes('own_project_marker'))).toBe(false)

        const off = await disable(owner, 'pg_stat_statements')
        expect(off.status, JSON.stringify(off.body)).toBe(200)
        expect(off.body.sql).toContain('drop extension "pg_stat_statements";')
        expect(entry(off.body, 'pg_stat_statements')).toMatchObject({ enabled: false, changeable: true })
      }
    )

    it.skipIf(!onServer)('never runs what the project role planted with the admin’s rights: its own schemas are refused, its role stays no superuser', async () => {
      // Functions named like those extension scripts call, better matches than pg_catalog's for
      // some arguments, in public (the project's) and in a schema of its own, that would make
      // their caller's session role a superuser and leave a trace.
      await sql(`create schema planted`)
      await sql(`create table public.planted_calls (who text)`)
      const planted = {
        public: ['earth()', 'lower(character varying)', 'format_type(integer, integer)'],
        planted: ['cube(double precision)', 'cube(integer)', 'earth()', 'lower(character varying)', 'format_type(integer, integer)'],
      }
      for (const [schema, signatures] of Object.entries(planted))
        for (const signature of signatures)
          await sql(
            `create function ${schema}.${signature} returns text language plpgsql as $$ begin insert into public.planted_calls values (current_user); execute 'alter role ' || quote_ident(session_user) || ' superuser'; return ''; end $$`
          )
      await sql(`grant insert on public.planted_calls to public`)
      // The project's sessions default to the planted schemas first; and so do every session's in
      // the database, as a database its role owned (an earlier version) may still say.
      await sql(`alter role current_user set search_path = planted, public`)
      await asEngineAdmin((c) => c.query(`alter database p_${ref} set search_path = planted, public`))

      // Into the project's own schemas: refused.
      for (const schema of ['public', 'planted']) {
        const res = await enable(owner, { name: 'earthdistance', schema, cascade: true })
        expect(res.status).toBe(400)
        expect(res.body.message).toContain('the platform creates it for the project in schema "extensions" only')
      }
      // A required extension in a schema the project creates in would be on the script's search_path: refused.
      expect((await enable(owner, { name: 'cube', schema: 'public' })).status).toBe(200)
      const needsCube = await enable(owner, { name: 'earthdistance', schema: 'extensions', cascade: true })
      expect(needsCube.status).toBe(409)
      expect(needsCube.body.message).toContain('needs "cube", which is enabled in schema "public"')
      expect((await disable(owner, 'cube')).status).toBe(200)

      // In the platform's schema, with what it needs: created, and nothing planted ran.
      const res = await enable(owner, { name: 'earthdistance', schema: 'extensions', cascade: true })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      const [row] = await sql(
        // earthdistance's functions find its types on the caller's search_path.
        `set search_path = extensions; select round(extensions.earth_distance(extensions.ll_to_earth(0, 0), extensions.ll_to_earth(0, 1))) as metres, (select count(*)::int from public.planted_calls) as calls, (select rolsuper from pg_roles where rolname = current_user) as superuser`
      )
      expect(row).toEqual({ metres: 111320, calls: 0, superuser: false })
      expect(entry(res.body, 'cube')).toMatchObject({ enabled: true, schema: 'extensions' })
      expect((await enable(owner, { name: 'pgstattuple', schema: 'extensions' })).status).toBe(200)
      const [stats] = await sql(`select (extensions.pgstattuple('public.planted_calls')).tuple_count::int as n, (select count(*)::int from public.planted_calls) as calls`)
      expect(stats).toEqual({ n: 0, calls: 0 })
      expect((await disable(owner, 'earthdistance', 'true')).status).toBe(200)
      expect((await disable(owner, 'cube')).status).toBe(200)
      expect((await disable(owner, 'pgstattuple')).status).toBe(200)
      const [still] = await sql(`select (select rolsuper from pg_roles where rolname = current_user) as superuser, (select count(*)::int from public.planted_calls) as calls`)
      expect(still).toEqual({ superuser: false, calls: 0 })
      await sql(`alter role current_user reset search_path`)
      await asEngineAdmin((c) => c.query(`alter database p_${ref} reset search_path`))
    })

    it.skipIf(!onServer)('uses no requirement the project created after the check: what it needs is made by name, in the platform’s schema', async () => {
      const database = `p_${ref}`
      const target = { adminUrl: engineUrl(), database, ownerRole: database, readOnlyRole: `${database}_ro` }
      const client = await adminClient(engineUrl(), { database })
      try {
        await client.query(`BEGIN; SET LOCAL search_path = pg_catalog, extensions`)
        const plan = await planExtension(client, target, 'earthdistance')
        expect(plan).toEqual(['cube'])
        // Between the check and the creation the project makes cube in a schema of its own.
        await sql(`create extension cube schema public`)
        await expect(createFromPlan(client, target, 'earthdistance', plan)).rejects.toThrow(/extension "cube" already exists/)
      } finally {
        await client.query('ROLLBACK').catch(() => undefined)
        await client.end()
      }
      expect(await sql(`select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where extname in ('cube', 'earthdistance')`)).toEqual([
        { extname: 'cube', nspname: 'public' },
      ])
      expect((await disable(owner, 'cube')).status).toBe(200)
    })

    it.skipIf(!onServer)('creates nothing for a project whose own role made a schema named like the platform’s', async () => {
      const other = await activeProject(tp, owner, orgSlug)
      // A project made before the platform made its schema there (with pg_stat_statements, at the start).
      await asEngineAdmin((c) => c.query('drop schema extensions cascade'), `p_${other}`)
      await rowsOf(tp, owner, other, 'create schema extensions')
      const listed = (await tp.call('GET', `/platform/projects/${other}/extensions`, { token: owner })).body
      expect(listed.platform_schema).toBeNull()
      expect(entry(listed, 'pg_stat_statements')).toMatchObject({ changeable: false, reason: REASONS.platformSchemaTaken('extensions') })
      const res = await tp.call('POST', `/platform/projects/${other}/extensions`, { token: owner, body: { name: 'pg_stat_statements', schema: 'extensions' } })
      expect(res.status).toBe(403)
      expect(res.body.message).toContain('Rename that schema')
      // Trusted ones still go there, as the project's role, as before.
      const trusted = await tp.call('POST', `/platform/projects/${other}/extensions`, { token: owner, body: { name: 'hstore', schema: 'extensions' } })
      expect(trusted.status).toBe(200)
      expect(entry(trusted.body, 'hstore')).toMatchObject({ enabled: true, schema: 'extensions', by_platform: false })
    })

    it.skipIf(!onServer)('enables bloom and pgrowlocks through the platform: the project uses them on its own tables', async () => {
      for (const name of ['bloom', 'pgrowlocks']) expect((await enable(owner, { name, schema: 'extensions' })).status).toBe(200)
      await sql(`create table public.sightings (a int, b int); insert into public.sightings values (1, 2)`)
      await sql(`create index sightings_bloom on public.sightings using bloom (a, b)`)
      const [row] = await sql(
        `select (select a.amname from pg_class c join pg_am a on a.oid = c.relam where c.relname = 'sightings_bloom')::text as method, (select count(*)::int from extensions.pgrowlocks('public.sightings')) as locks`
      )
      expect(row).toEqual({ method: 'bloom', locks: 0 })
      await sql('drop table public.sightings')
      for (const name of ['bloom', 'pgrowlocks']) expect((await disable(owner, name)).status).toBe(200)
    })

    it.skipIf(!onServer)('enables a procedural language into pg_catalog, the one schema its control file allows, with no schema chosen', async () => {
      const pltcl = entry((await list(owner)).body, 'pltcl')
      if (!pltcl?.changeable) return // not shipped by this server
      expect(pltcl.required_schema).toBe('pg_catalog')
      const elsewhere = await enable(owner, { name: 'pltcl', schema: 'public' })
      expect(elsewhere.status).toBe(400)
      expect(elsewhere.body.message).toBe('Extension "pltcl" can only be put in schema "pg_catalog".')
      const res = await enable(owner, { name: 'pltcl' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.sql).toBe('create extension "pltcl" with schema "pg_catalog";')
      await sql(`create function tcl_add(a int, b int) returns int language pltcl as $$ return [expr $1 + $2] $$`)
      const [row] = await sql(`select tcl_add(2, 3) as sum`)
      expect(row.sum).toBe(5)
      expect((await disable(owner, 'pltcl', 'true')).status).toBe(200)
    })

    it.skipIf(!onServer)('says plainly when an extension’s library does not load on the server’s host, and lists it as unavailable', async () => {
      const plperl = entry((await list(owner)).body, 'plperl')
      if (!plperl?.changeable) return // not shipped by this server
      // Its control file puts it in pg_catalog: no schema to choose.
      const res = await enable(owner, { name: 'plperl' })
      if (res.status === 200) return // it loads here: nothing to show
      expect(res.status).toBe(422)
      expect(res.body.message).toContain(REASONS.unloadable)
      expect(entry((await list(owner)).body, 'plperl')).toMatchObject({ enabled: false, changeable: false, reason: REASONS.unloadable })
    })

    it.each([
      [{ name: 'citext\u0000', schema: 'extensions' }, 'NUL'],
      [{ name: 'citext', schema: 'pg_catalog' }, "project's own schemas"],
      [{ name: 'citext', schema: 'information_schema' }, "project's own schemas"],
      [{ name: 'citext', schema: '' }, 'schema is required'],
      [{ name: 'citext', schema: 'x'.repeat(64) }, '63 bytes'],
      [{ name: 'citext', schema: 'extensions', cascade: 'yes' }, 'cascade must be true or false'],
      ['garbage', ''],
    ])('refuses the body %j', async (body, words) => {
      const res = await enable(owner, body)
      expect(res.status).toBe(400)
      expect(res.body.message).toContain(words)
    })

    it('refuses cascade that is not true or false', async () => {
      expect((await disable(owner, 'plpgsql', 'maybe')).status).toBe(400)
    })

    it('lets a Read-only member change nothing, and an outsider see nothing', async () => {
      expect((await enable(reader, { name: 'citext', schema: 'extensions' })).status).toBe(403)
      expect((await disable(reader, 'plpgsql')).status).toBe(403)
      expect((await list(outsider)).status).toBe(404)
      expect((await enable(outsider, { name: 'citext', schema: 'extensions' })).status).toBe(404)
      expect((await disable(outsider, 'plpgsql')).status).toBe(404)
      expect(entry((await list(owner)).body, 'citext')?.enabled).toBe(false)
    })
  })
}

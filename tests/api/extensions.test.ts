// @vitest-environment node
/**
 * Extensions against the real platform, on both backends: the listing merges the catalogue with
 * what the database has and says why an extension cannot be had; enable creates the schema and
 * the extension for real (the type works), disable drops it (refused while something uses it,
 * unless cascade); names are quoted or refused; the roles policy and membership hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Extension } from '@/lib/api-types'
import { disableExtensionSql, enableExtensionSql } from '@/lib/extensions/extension-sql'
import { REASONS } from '@/lib/extensions/merge'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, ownerWithOrg, rowsOf, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  const kind = backend.name

  describe.skipIf(!backend.enabled)(`extensions: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let outsider: string
    let ref: string

    const path = () => `/platform/projects/${ref}/extensions`
    const list = (token: string) => tp.call('GET', path(), { token })
    const enable = (token: string, body: unknown) => tp.call('POST', path(), { token, body })
    const disable = (token: string, name: string, cascade?: string) =>
      tp.call('DELETE', `${path()}/${encodeURIComponent(name)}${cascade === undefined ? '' : `?cascade=${cascade}`}`, { token })
    const entry = (body: { extensions: Extension[] }, name: string) => body.extensions.find((e) => e.name === name)

    /** Runs SQL as the project's owner and fails the test when it fails. */
    const sql = (query: string) => rowsOf(tp, owner, ref, query)

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend))
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
      expect(entry(res.body, 'timescaledb')).toMatchObject({ enabled: false, changeable: false, reason: REASONS.missing[kind] })
      expect(res.body.schemas).toContain('public')
      expect(res.body.schemas).not.toContain('pg_catalog')

      const asReader = await list(reader)
      expect(asReader.status).toBe(200)
      expect(asReader.body).toEqual(res.body)
    })

    it('enables citext into a new schema with an awkward name, as the SQL it answers says', async () => {
      const schema = 'Ext "Types"'
      const res = await enable(owner, { name: 'citext', schema })
      expect(res.status).toBe(200)
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
      if (kind !== 'embedded' && !available?.changeable) return // not every server ships it
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
      expect(missing.body.message).toBe(`Extension "timescaledb" is not available in this database. ${REASONS.missing[kind]}`)
      const unknown = await enable(owner, { name: 'no_such_extension', schema: 'extensions' })
      expect(unknown.status).toBe(404)
      expect(unknown.body.message).toContain('"no_such_extension" is not available')
    })

    it.skipIf(kind === 'embedded')('refuses an untrusted extension the server has, with its reason', async () => {
      const untrusted = (await list(owner)).body.extensions.find((e: Extension) => e.reason === REASONS.untrusted)
      expect(untrusted, 'the server offers an untrusted contrib module').toBeDefined()
      const res = await enable(owner, { name: untrusted.name, schema: 'extensions' })
      expect(res.status).toBe(403)
      expect(res.body.message).toContain(REASONS.untrusted)
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

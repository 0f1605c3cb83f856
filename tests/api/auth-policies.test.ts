// @vitest-environment node
/**
 * The Policies page's SQL against the real platform: the statements lib/auth-policies builds
 * (RLS on, a policy from each kind of template, an edit through ALTER POLICY, one that makes the
 * policy again, a drop), run through the SQL endpoint as the project's Owner, land in pg_policies
 * as meant, names needing quotes included; the page's listing reads them back for the Owner and a
 * Read-only member alike; a Read-only member's CREATE POLICY is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLICIES_SQL, policiesFromRows } from '@/lib/auth-policies/policies-sql'
import { createPolicySql, dropPolicySql, editPolicySql, rlsSql } from '@/lib/auth-policies/policy-sql'
import { POLICY_TEMPLATES } from '@/lib/auth-policies/templates'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, rowsOf, runSql, startWithReader } from '../helpers/project-backends'

// A schema and a table whose names only survive quoted.
const TABLE = { schema: 'My App', name: 'Todo Items' }
const SETUP = `
do $$ begin
  -- auth.uid() as the project's auth service defines it, where this database does not have it yet.
  if pg_catalog.to_regprocedure('auth.uid()') is null then
    create schema if not exists auth;
    create function auth.uid() returns uuid language sql stable
      as $f$ select nullif(current_setting('request.jwt.claim.sub', true), '')::uuid $f$;
  end if;
end $$;
create schema "My App";
create table "My App"."Todo Items" (id bigint generated always as identity primary key, "Owner Id" uuid, title text);
create table public.plain (id int);
`

const template = (id: string) => POLICY_TEMPLATES.find((t) => t.id === id)!.draft('Owner Id')

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`policies: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    const sql = (query: string) => rowsOf(tp, owner, ref, query)
    const policies = () =>
      sql(`select policyname, permissive, pg_catalog.to_json(roles) as roles, cmd, qual, with_check from pg_catalog.pg_policies
           where schemaname = 'My App' and tablename = 'Todo Items' order by policyname`)
    /** The page's listing, run as the page runs it (history skipped), as `token`. */
    async function listing(token: string) {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?history=skip`, { token, body: { query: POLICIES_SQL } })
      if (res.status !== 200) throw new Error(JSON.stringify(res.body))
      return policiesFromRows(res.body)
    }

    beforeAll(async () => {
      ;({ tp, stop, owner, reader, ref } = await startWithReader(backend, { orgName: 'Policies Org', project: { plan: 'team' } }))
      await sql(SETUP)
    })
    afterAll(async () => {
      await stop?.()
    })

    it('enables row level security with the SQL the page shows', async () => {
      await sql(rlsSql(TABLE, true))
      expect(await sql(`select relrowsecurity from pg_catalog.pg_class where oid = '"My App"."Todo Items"'::regclass`)).toEqual([{ relrowsecurity: true }])
    })

    it('creates policies from the templates, as pg_policies then shows them', async () => {
      for (const id of ['read-everyone', 'insert-own', 'update-own']) await sql(createPolicySql(TABLE, template(id)))
      expect(await policies()).toEqual([
        { policyname: 'Enable read access for everyone', permissive: 'PERMISSIVE', roles: ['public'], cmd: 'SELECT', qual: 'true', with_check: null },
        { policyname: 'Users can insert their own rows', permissive: 'PERMISSIVE', roles: ['authenticated'], cmd: 'INSERT', qual: null, with_check: '(auth.uid() = "Owner Id")' },
        {
          policyname: 'Users can update their own rows',
          permissive: 'PERMISSIVE',
          roles: ['authenticated'],
          cmd: 'UPDATE',
          qual: '(auth.uid() = "Owner Id")',
          with_check: '(auth.uid() = "Owner Id")',
        },
      ])
    })

    it('lists the tables, RLS and policies for the Owner and a Read-only member alike', async () => {
      for (const token of [owner, reader]) {
        const { tables, authUid } = await listing(token)
        expect(authUid).toBe(true)
        const names = tables.map((t) => `${t.schema}.${t.name}`)
        // public first, then the other schemas by name.
        expect(names.indexOf('public.plain')).toBeLessThan(names.indexOf('My App.Todo Items'))
        expect(names.some((n) => n.startsWith('pg_') || n.startsWith('information_schema.') || n.startsWith('platform_'))).toBe(false)
        const todo = tables.find((t) => t.schema === 'My App' && t.name === 'Todo Items')!
        expect(todo).toMatchObject({ rls: true, forceRls: false, owned: true, columns: ['id', 'Owner Id', 'title'] })
        expect(todo.policies.map((p) => [p.name, p.command, p.roles, p.using, p.withCheck])).toEqual([
          ['Enable read access for everyone', 'SELECT', ['public'], 'true', null],
          ['Users can insert their own rows', 'INSERT', ['authenticated'], null, '(auth.uid() = "Owner Id")'],
          ['Users can update their own rows', 'UPDATE', ['authenticated'], '(auth.uid() = "Owner Id")', '(auth.uid() = "Owner Id")'],
        ])
        expect(tables.find((t) => t.name === 'plain')).toMatchObject({ rls: false, policies: [] })
      }
    })

    it('edits a policy in place (roles, USING, a new name) and remakes it for a new command, in one transaction', async () => {
      const read = template('read-everyone')
      await sql(editPolicySql(TABLE, read, { ...read, name: 'Read "shared" rows', roles: ['anon', 'authenticated'], using: 'title is not null' })!)
      const insert = template('insert-own')
      await sql(editPolicySql(TABLE, insert, { ...insert, command: 'ALL', permissive: false, using: 'true' })!)
      expect((await policies()).filter((p) => p.policyname !== 'Users can update their own rows')).toEqual([
        { policyname: 'Read "shared" rows', permissive: 'PERMISSIVE', roles: ['anon', 'authenticated'], cmd: 'SELECT', qual: '(title IS NOT NULL)', with_check: null },
        { policyname: 'Users can insert their own rows', permissive: 'RESTRICTIVE', roles: ['authenticated'], cmd: 'ALL', qual: 'true', with_check: '(auth.uid() = "Owner Id")' },
      ])
    })

    it("keeps the policy when the remade one is refused: Postgres' message comes back, nothing half-done", async () => {
      const update = template('update-own')
      const res = await runSql(tp, owner, ref, editPolicySql(TABLE, update, { ...update, command: 'DELETE', using: 'no_such_column = 1' })!)
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(/column "no_such_column" does not exist/)
      expect((await policies()).map((p) => [p.policyname, p.cmd])).toContainEqual(['Users can update their own rows', 'UPDATE'])
    })

    it('drops a policy, and a Read-only member may not create one', async () => {
      await sql(dropPolicySql(TABLE, 'Read "shared" rows'))
      expect((await policies()).map((p) => p.policyname)).not.toContain('Read "shared" rows')
      const refused = await runSql(tp, reader, ref, createPolicySql(TABLE, template('read-own')))
      expect(refused.status).toBeGreaterThanOrEqual(400)
      expect((await policies()).map((p) => p.policyname)).not.toContain('Users can read their own rows')
    })
  })
}

// @vitest-environment node
/**
 * A Read-only member runs SQL with read privileges only, on both backends, and cannot get out of
 * it: inserts, CREATE TABLE, SET ROLE, SET TRANSACTION READ WRITE and set_config all fail, and
 * nothing changes; a SELECT works. The owner's SQL is unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, runSql, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`read-only members: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend))
      const setup = await runSql(
        tp,
        owner,
        ref,
        `create table accounts (id int primary key, balance int);
         insert into accounts values (1, 100), (2, 50);
         create function bump() returns int language sql as 'insert into accounts values (99, 0) returning id';`
      )
      expect(setup.status).toBe(200)
    })
    afterAll(async () => stop?.())

    async function balances() {
      const res = await runSql(tp, owner, ref, 'select id, balance from accounts order by id')
      return res.body.results[0].rows
    }

    it('selects', async () => {
      const res = await runSql(tp, reader, ref, 'select id, balance, now() > \'2000-01-01\' as recent from accounts order by id')
      expect(res.status).toBe(200)
      expect(res.body.results).toHaveLength(1)
      expect(res.body.results[0]).toMatchObject({
        command: 'SELECT',
        rowCount: 2,
        columns: [
          { name: 'id', dataTypeID: 23 },
          { name: 'balance', dataTypeID: 23 },
          { name: 'recent', dataTypeID: 16 },
        ],
        rows: [
          { id: 1, balance: 100, recent: true },
          { id: 2, balance: 50, recent: true },
        ],
      })
    })

    it.each([
      ['insert', 'insert into accounts values (3, 1)'],
      ['update', 'update accounts set balance = 0'],
      ['create table', 'create table stolen (x int)'],
      ['set role to the owner', 'set role postgres; insert into accounts values (4, 1)'],
      ['set role to the project role', `set role p_${'x'.repeat(3)}; delete from accounts`],
      ['set session authorization', 'set session authorization postgres; delete from accounts'],
      ['set transaction read write', 'begin; set transaction read write; insert into accounts values (5, 1); commit'],
      ['set role through set_config', "select set_config('role', 'postgres', false), (select count(*) from accounts)"],
      ['a function that writes', 'select bump()'],
      ['a data-modifying CTE', 'with gone as (delete from accounts returning *) select count(*) from gone'],
      ['commit out of the transaction', 'commit; delete from accounts'],
    ])('refuses %s', async (_, query) => {
      const res = await runSql(tp, reader, ref, query)
      // 403 where the SQL writes (the role named: sql-read-only-message.test.ts), 400 otherwise.
      expect([400, 403]).toContain(res.status)
      expect(await balances()).toEqual([
        { id: 1, balance: 100 },
        { id: 2, balance: 50 },
      ])
    })

    it("cannot take on the project's own database role", async () => {
      const res = await runSql(tp, reader, ref, `set role "p_${ref}"; delete from accounts`)
      expect([400, 403]).toContain(res.status)
      expect(await balances()).toHaveLength(2)
    })

    it('leaves the owner writing as before', async () => {
      const res = await runSql(tp, owner, ref, 'insert into accounts values (7, 7); delete from accounts where id = 7')
      expect(res.status).toBe(200)
    })

    it('tells the dashboard a Read-only member may run SQL but not write', async () => {
      const perms = (await tp.call('GET', '/platform/profile/permissions', { token: reader })).body as { actions: string[] }[]
      expect(perms[0].actions).toContain('sql:run')
      expect(perms[0].actions).not.toContain('sql:write')
    })
  })
}

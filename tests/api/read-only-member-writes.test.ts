// @vitest-environment node
/**
 * A Read-only member writes nothing, whatever transaction their SQL asks for: a SECURITY DEFINER
 * function of the project's role writes with that role's rights, so only the read-only
 * transaction stops it, and the SQL may not end it or make it writable (server/databases/
 * read-only-run.ts). Their reads, many statements at once and streamed, still work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, rowsOf, runSql, startWithReader } from '../helpers/project-backends'

const SETUP = `
create table public.written (note text);
create function public.ro_writer(note text) returns text language sql security definer as $$ insert into public.written values (note) returning note $$;
`

/** Ways SQL could ask for a writable transaction around the write. */
const ESCAPES = [
  `select public.ro_writer('plain')`,
  `set transaction read write; select public.ro_writer('set transaction')`,
  `begin read write; select public.ro_writer('begin read write'); commit`,
  `start transaction read write; select public.ro_writer('start transaction'); commit`,
  `set default_transaction_read_only = off; commit; select public.ro_writer('default off, then commit')`,
  `commit; set default_transaction_read_only = off; select public.ro_writer('commit first')`,
  `rollback; begin read write; select public.ro_writer('rollback first')`,
  `end; select public.ro_writer('end')`,
  `commit and chain; set transaction read write; select public.ro_writer('commit and chain')`,
  `rollback and chain; set transaction read write; select public.ro_writer('rollback and chain')`,
  `savepoint s; rollback to savepoint s; set transaction read write; select public.ro_writer('savepoint')`,
  `select set_config('transaction_read_only', 'off', false); select public.ro_writer('set_config')`,
  `set session characteristics as transaction read write; commit; select public.ro_writer('characteristics')`,
  `do $$ begin commit; perform public.ro_writer('do block'); end $$`,
  `prepare transaction 'escape'; select public.ro_writer('prepared')`,
  `select 1 /* ; commit; */; select public.ro_writer('comment')`,
  `select $q$'$q$; commit; select public.ro_writer('dollar quote')`,
]

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`a Read-only member's writes: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend, { orgName: 'Read-only writes' }))
      await rowsOf(tp, owner, ref, SETUP)
    })
    afterAll(async () => stop?.())

    const written = async () => (await rowsOf(tp, owner, ref, 'select count(*)::int as n from public.written'))[0].n

    it.each(ESCAPES)('refuses %s', async (sql) => {
      const res = await runSql(tp, reader, ref, sql)
      // 403 with the role's sentence where PostgreSQL refused the write itself, 400 otherwise.
      expect([400, 403], JSON.stringify(res.body)).toContain(res.status)
      const streamed = await tp.call('POST', `/platform/pg-meta/${ref}/query?format=ndjson`, { token: reader, body: { query: sql } })
      // Refused before a line went out: a plain error; after some: the stream's last line.
      if (streamed.status === 200) expect(String(streamed.body)).toContain(`"type":"error"`)
      else expect([400, 403]).toContain(streamed.status)
      expect(await written()).toBe(0)
    })

    it('tells a member whose SQL ends its transaction why the rest did not run, at that statement', async () => {
      const sql = `select 1; commit; select 2`
      const res = await runSql(tp, reader, ref, sql)
      expect(res.status).toBe(400)
      expect(res.body.message).toContain('runs in one read-only transaction, which COMMIT, ROLLBACK or PREPARE TRANSACTION ends')
      expect(res.body.pg).toMatchObject({ code: '25006', position: sql.indexOf('commit') + 1 })
    })

    it('still reads: many statements, a transaction of its own closed last, an error at its place in the text, a stream', async () => {
      const res = await runSql(tp, reader, ref, `select 1 as a; select 'x' as b; begin; select 2 as c; commit`)
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.results.map((r: { rows: unknown[] }) => r.rows)).toEqual([[{ a: 1 }], [{ b: 'x' }], [], [{ c: 2 }], []])
      const sql = `select 1;\nselect nonsense from nowhere`
      const failed = await runSql(tp, reader, ref, sql)
      expect(failed.status).toBe(400)
      expect(failed.body.pg).toMatchObject({ code: '42P01', position: sql.indexOf('nowhere') + 1 })
      const streamed = await tp.call('POST', `/platform/pg-meta/${ref}/query?format=ndjson`, { token: reader, body: { query: 'select 1 as n; select 2 as m' } })
      expect(streamed.status).toBe(200)
      expect(String(streamed.body)).toContain('"type":"end"')
      // And the owner's own SQL is as free as before.
      expect(await rowsOf(tp, owner, ref, `begin; select public.ro_writer('owner'); commit; select count(*)::int as n from public.written`)).toEqual([{ n: 1 }])
    })
  })
}

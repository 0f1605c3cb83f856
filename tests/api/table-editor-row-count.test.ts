// @vitest-environment node
/**
 * A fresh table says how many rows it has: the table editor's catalog SQL (lib/table-editor),
 * sent through the SQL endpoint as the editor sends it, counts a table with no estimate yet
 * exactly up to 1,000 rows (one more to tell "more than"), as the owner and as a Read-only member,
 * on both backends. An analysed table keeps its estimate and is not counted; a table the member
 * may not read is not counted and does not break the list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableDetailFromRows, tableDetailSql, tablesFromRows, tablesSql } from '@/lib/table-editor'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, rowsOf, startWithReader } from '../helpers/project-backends'

// Autovacuum off on these tables: a server's own ANALYZE must not give them an estimate mid-test.
const SETUP = `
create table public.fresh (id int) with (autovacuum_enabled = false);
insert into public.fresh select generate_series(1, 200);
create table public.big (id int) with (autovacuum_enabled = false);
insert into public.big select generate_series(1, 1500);
create table public.analysed (id int) with (autovacuum_enabled = false);
insert into public.analysed select generate_series(1, 300);
analyze public.analysed;
create table public.secret (id int) with (autovacuum_enabled = false);
insert into public.secret values (1);
`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`table editor row counts: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend))
      await rowsOf(tp, owner, ref, SETUP)
    })
    afterAll(async () => stop?.())

    const tables = async (token: string) => new Map(tablesFromRows(await rowsOf(tp, token, ref, tablesSql('public'))).map((t) => [t.name, t]))

    it('counts a table never analysed exactly, up to 1,001 rows, and leaves an analysed one to its estimate', async () => {
      for (const token of [owner, reader]) {
        const list = await tables(token)
        expect(list.get('fresh')).toMatchObject({ estimatedRows: null, countedRows: 200 })
        expect(list.get('big')).toMatchObject({ estimatedRows: null, countedRows: 1001 })
        expect(list.get('analysed')).toMatchObject({ estimatedRows: 300, countedRows: null })
      }
      const detail = tableDetailFromRows(await rowsOf(tp, reader, ref, tableDetailSql('public', 'fresh')))
      expect(detail).toMatchObject({ estimatedRows: null, countedRows: 200 })
    })

    it('does not count a table the member may not read, and still lists it', async () => {
      await rowsOf(tp, owner, ref, 'revoke select on public.secret from public')
      const [{ can }] = await rowsOf(tp, reader, ref, `select pg_catalog.has_table_privilege('public.secret', 'select') as can`)
      // Whether the read-only role still reads it depends on the backend's grants: counted only if so.
      expect((await tables(reader)).get('secret')).toMatchObject({ countedRows: can ? 1 : null })
    })
  })
}

// @vitest-environment node
/**
 * Every path that reads a project's rows for a member runs with that member's database role: a
 * Read-only member reading a table with row-level security on and no policy gets no rows, through
 * each of them. The paths: the SQL endpoint (whole and streamed, which the SQL
 * editor's exports download), the table editor's row reads (its catalog read, then a page and a
 * referenced row), the API docs' catalog read, and GraphQL. The owner
 * (who owns the table, so RLS does not apply) sees the rows through the same paths.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rowsSql, referencedRowSql, tableDetailFromRows, tableDetailSql, type TableDetail } from '@/lib/table-editor'
import { API_DOCS_CATALOG_SQL, apiDocsCatalogFromRows } from '@/lib/sql/api-docs-catalog'
import { closeProjectSchemas } from '@/server/graphql/project-schemas'
import type { TestPlatform } from '../helpers/test-platform'
import { BACKENDS, rowsOf, startWithReader } from '../helpers/project-backends'

const SETUP = `
create table public.secrets (id int primary key, note text not null);
insert into public.secrets values (1, 'owner only'), (2, 'also hidden');
alter table public.secrets enable row level security;
`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`a Read-only member's reads of a table with RLS and no policy: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend, { orgName: 'RLS Org' }))
      await rowsOf(tp, owner, ref, SETUP)
    })

    afterAll(async () => {
      if (tp) await closeProjectSchemas(tp.platform)
      await stop?.()
    })

    /** The last statement's rows through the SQL endpoint, as the dashboard's own reads send it. */
    const read = async (token: string, query: string) => {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?history=skip`, { token, body: { query } })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body as Record<string, unknown>[]
    }

    const graphql = (token: string) =>
      tp.call('POST', `/platform/projects/${ref}/api/graphql`, { token, body: { query: '{ allSecrets(orderBy: ROW_ID_ASC) { totalCount nodes { rowId note } } }' } })

    it('the SQL endpoint', async () => {
      expect(await rowsOf(tp, owner, ref, 'select id from public.secrets order by id')).toEqual([{ id: 1 }, { id: 2 }])
      expect(await rowsOf(tp, reader, ref, 'select id, note from public.secrets')).toEqual([])
      expect(await rowsOf(tp, reader, ref, 'select count(*)::int as n from public.secrets')).toEqual([{ n: 0 }])
    })

    it('the SQL endpoint streamed (what the results export downloads)', async () => {
      const streamed = async (token: string) => {
        const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?format=ndjson`, { token, body: { query: 'select id, note from public.secrets' } })
        expect(res.status).toBe(200)
        const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body)
        expect(text).toContain('"type":"end"')
        return text
      }
      expect(await streamed(owner)).toContain('owner only')
      expect(await streamed(reader)).not.toContain('owner only')
    })

    it("the table editor's reads", async () => {
      const detail = tableDetailFromRows(await read(reader, tableDetailSql('public', 'secrets'))) as TableDetail
      expect(detail.name).toBe('secrets')
      const page = rowsSql({ table: detail, sort: null, filters: [], after: null, backward: false, limit: 100 })
      expect(await read(owner, page)).toHaveLength(2)
      expect(await read(reader, page)).toEqual([])
      const referenced = referencedRowSql({ schema: 'public', table: 'secrets', column: 'id', onDelete: 'NO ACTION', constraint: 'secrets_pkey' }, 1)
      expect(await read(owner, referenced)).toHaveLength(1)
      expect(await read(reader, referenced)).toEqual([])
    })

    it("the API docs' catalog read (the docs' snippets themselves go through the data API with its keys)", async () => {
      const catalog = apiDocsCatalogFromRows(await read(reader, API_DOCS_CATALOG_SQL))
      expect(catalog.tables.find((t) => t.schema === 'public' && t.name === 'secrets')?.primary_key).toEqual(['id'])
    })

    it('GraphQL', async () => {
      const mine = await graphql(owner)
      expect(mine.status).toBe(200)
      expect(mine.body.data.allSecrets.totalCount).toBe(2)
      const theirs = await graphql(reader)
      expect(theirs.status).toBe(200)
      expect(theirs.body.errors).toBeUndefined()
      expect(theirs.body.data.allSecrets).toEqual({ totalCount: 0, nodes: [] })
    })

    it('GraphQL still reads a table without RLS for a Read-only member, one made since included', async () => {
      await rowsOf(tp, owner, ref, `create table public.notes (id int primary key, body text); insert into public.notes values (7, 'open')`)
      const res = await tp.call('POST', `/platform/projects/${ref}/api/graphql`, { token: reader, body: { query: '{ allNotes { nodes { rowId body } } }' } })
      expect(res.body).toEqual({ data: { allNotes: { nodes: [{ rowId: 7, body: 'open' }] } } })
    })
  })
}

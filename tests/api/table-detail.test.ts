// @vitest-environment node
/**
 * GET /platform/pg-meta/{ref}/table-detail, the table editor's detail of a table read from the
 * catalog once per change: a change made through the SQL endpoint shows at the next opening, one
 * made over another connection once CATALOG_RECHECK_MS passed; the answer kept is per project and
 * per role (a Read-only member's view is never served to the owner, nor the other way round).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import pg from 'pg'
import { tableDetailFromRows, type TableDetail } from '@/lib/table-editor'
import { CATALOG_RECHECK_MS } from '@/server/sql/catalog-version'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, ownerWithOrg, rowsOf, startWithReader } from '../helpers/project-backends'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`table editor's table detail: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    beforeAll(async () => {
      ;({ tp, stop, owner, ref, reader } = await startWithReader(backend, { orgName: 'Detail Org' }))
    })

    afterAll(async () => {
      await stop?.()
    })

    const detail = async (token: string, table: string, projectRef = ref): Promise<TableDetail | null> => {
      const res = await tp.call('GET', `/platform/pg-meta/${projectRef}/table-detail?schema=public&table=${encodeURIComponent(table)}`, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return tableDetailFromRows(res.body as unknown[])
    }
    const columns = (found: TableDetail | null) => found?.columns.map((c) => c.name)

    it('shows a change made through the SQL endpoint at the next opening', async () => {
      await rowsOf(tp, owner, ref, 'create table public.notes (id int primary key, body text)')
      expect(columns(await detail(owner, 'notes'))).toEqual(['id', 'body'])
      await rowsOf(tp, owner, ref, 'alter table public.notes add column done boolean not null default false')
      expect(columns(await detail(owner, 'notes'))).toEqual(['id', 'body', 'done'])
      await rowsOf(tp, owner, ref, 'drop table public.notes')
      expect(await detail(owner, 'notes')).toBeNull()
    })

    it('shows a change made over another connection once CATALOG_RECHECK_MS passed', async () => {
      await rowsOf(tp, owner, ref, 'create table public.outside (id int primary key)')
      expect(columns(await detail(owner, 'outside'))).toEqual(['id'])
      const [{ db_location: location }] = await tp.platform.db.query<{ db_location: { url: string } }>('select db_location from projects where ref = $1', [ref])
      const psql = new pg.Client({ connectionString: location.url })
      await psql.connect()
      try {
        await psql.query('alter table public.outside add column note text')
      } finally {
        await psql.end()
      }
      await new Promise((resolve) => setTimeout(resolve, CATALOG_RECHECK_MS + 50))
      expect(columns(await detail(owner, 'outside'))).toEqual(['id', 'note'])
    })

    it("keeps the owner's and a Read-only member's answers apart", async () => {
      // Row-level security with no policy: the owner counts both rows, the Read-only member none.
      await rowsOf(tp, owner, ref, `create table public.secrets (id int primary key); insert into public.secrets values (1), (2); alter table public.secrets enable row level security`)
      expect((await detail(owner, 'secrets'))?.countedRows).toBe(2)
      expect((await detail(reader, 'secrets'))?.countedRows).toBe(0)
      expect((await detail(owner, 'secrets'))?.countedRows).toBe(2)
    })

    it('keeps each project its own', async () => {
      const other = await ownerWithOrg(tp, 'Other Detail Org')
      const otherRef = await activeProject(tp, other.token, other.org.slug, { plan: 'pro' })
      await rowsOf(tp, owner, ref, 'create table public.same_name (mine int)')
      await rowsOf(tp, other.token, otherRef, 'create table public.same_name (theirs text)')
      expect(columns(await detail(owner, 'same_name'))).toEqual(['mine'])
      expect(columns(await detail(other.token, 'same_name', otherRef))).toEqual(['theirs'])
      // Neither caller reaches the other's project.
      expect((await tp.call('GET', `/platform/pg-meta/${otherRef}/table-detail?schema=public&table=same_name`, { token: owner })).status).toBe(404)
    })

    it('refuses a request without a table with 400', async () => {
      const res = await tp.call('GET', `/platform/pg-meta/${ref}/table-detail?schema=public`, { token: owner })
      expect(res.status).toBe(400)
    })
  })
}

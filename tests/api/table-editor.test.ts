// @vitest-environment node
/**
 * The table editor's SQL (lib/table-editor) against the real platform, on both backends, sent
 * through the SQL endpoint as the editor sends it: a table with a column of every kind is made by
 * createTableSql; values of every type (NULL, quotes, backslashes, unicode, SQL-looking text)
 * go in by insertRowSql and come back through rowsSql and cellText unchanged, and again through
 * updateRowSql (also with standard_conforming_strings off); keyset pages cover every row exactly
 * once under every sort and filter, forward and backward; an edit or delete of a row changed
 * meanwhile touches nothing; DDL works, a hostile default stays one expression, and a failing
 * change leaves nothing behind; a Read-only member reads but cannot change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  addColumnSql,
  alterColumnSql,
  cellText,
  createTableSql,
  cursorOf,
  deleteRowsSql,
  dropColumnSql,
  dropTableSql,
  insertRowSql,
  referencedRowSql,
  renameTableSql,
  rowsSql,
  schemasFromRows,
  schemasSql,
  setRlsSql,
  tableDetailFromRows,
  tableDetailSql,
  tablesFromRows,
  tablesSql,
  updateRowSql,
  type Filter,
  type NewColumn,
  type Row,
  type Sort,
  type TableDetail,
} from '@/lib/table-editor'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg } from '../helpers/project-backends'

const col = (name: string, type: string, extra: Partial<NewColumn> = {}): NewColumn => ({
  name,
  type,
  defaultValue: null,
  nullable: true,
  unique: false,
  primaryKey: false,
  foreignKey: null,
  ...extra,
})

/** Every kind of column the editor has an editor for. */
const EVERY_TYPE: NewColumn[] = [
  col('id', 'bigint', { identity: true, primaryKey: true }),
  col('t', 'text'),
  col('i2', 'int2'),
  col('i4', 'int4'),
  col('i8', 'int8'),
  col('num', 'numeric(20,4)'),
  col('f8', 'double precision'),
  col('b', 'boolean'),
  col('j', 'json'),
  col('jb', 'jsonb'),
  col('d', 'date'),
  col('tm', 'time'),
  col('ttz', 'time with time zone'),
  col('ts', 'timestamp'),
  col('tstz', 'timestamptz'),
  col('iv', 'interval'),
  col('u', 'uuid'),
  col('m', 'public.mood'),
  col('ta', 'text[]'),
  col('ia', 'int[]'),
  col('by', 'bytea'),
  col('owner_id', 'bigint', { foreignKey: { schema: 'public', table: 'owners', column: 'id', onDelete: 'CASCADE' } }),
]

/** [column, what the user types, the text the editor shows afterwards (when Postgres writes it differently)]. */
const VALUES: [string, string, string?][] = [
  ['t', `it's a "quote" and a \\ backslash`],
  ['t', 'unicode ünïcødé 漢字 and emoji 🎉👩‍👩‍👧'],
  ['t', `'; drop table every_type; --`],
  ['t', ''],
  ['t', 'line one\nline two\ttab'],
  ['i2', '-32768'],
  ['i4', '2147483647'],
  ['i8', '9007199254740993'],
  ['i8', '-42'],
  ['num', '12345678.1234'],
  ['num', '0.5', '0.5000'],
  ['f8', '3.141592653589793'],
  ['f8', '1e-300'],
  ['f8', 'NaN'],
  ['b', 'true'],
  ['b', 'false'],
  ['j', `{"a": [1, "it's"], "b": null}`],
  ['jb', `{"k": "v\\u00e9 \\\\ 🎉", "n": 1.5}`],
  ['jb', `"just a string"`],
  ['d', '2024-02-29'],
  ['tm', '23:59:59.123456'],
  ['ttz', '12:00:00+05:30'],
  ['ts', '2024-01-31 12:34:56.789'],
  ['tstz', '2024-01-31 12:34:56.789+00'],
  ['iv', '1 day 02:03:04'],
  ['u', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'],
  ['m', `it's fine`],
  ['ta', `{"a b","c,d","\\"q\\"",NULL,"back\\\\slash"}`],
  ['ta', `["x", null, "y z"]`, `{x,NULL,"y z"}`],
  ['ia', '{1,2,3}'],
  ['by', '\\x00ff10'],
]

const SETUP = `
create type public.mood as enum ('sad', 'ok', 'it''s fine');
create table public.owners (id bigint generated always as identity primary key, name text not null);
insert into public.owners (name) values ('Ada'), ('Grace');
`

/** 250 rows with duplicate sort values and NULLs, and a table without a primary key. */
const PAGES_SETUP = `
create table public.pages (id int primary key, score int, label text not null);
insert into public.pages select g, case when g % 7 = 0 then null else g % 10 end, 'label ' || (g % 13) from generate_series(1, 250) g;
create index pages_score_idx on public.pages (score);
create table public.loose (v int, note text);
insert into public.loose select g, case when g % 4 = 0 then null else 'n' || (g % 5) end from generate_series(1, 60) g;
`

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`table editor SQL: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: string
    let reader: string
    let ref: string

    /** Runs SQL the way the editor does; answers the last statement's rows, or throws Postgres' message. */
    async function run(query: string, token = owner): Promise<Row[]> {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query } })
      if (res.status !== 200) throw new Error(res.body.message ?? JSON.stringify(res.body))
      return res.body as Row[]
    }
    async function refusal(query: string, token = owner): Promise<string> {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token, body: { query } })
      expect(res.status).not.toBe(200)
      return res.body.message as string
    }
    async function detail(name: string, schema = 'public', token = owner): Promise<TableDetail> {
      const found = tableDetailFromRows(await run(tableDetailSql(schema, name), token))
      if (!found) throw new Error(`${schema}.${name} is not there`)
      return found
    }
    /** Every row, page by page (keyset), as the grid reads them. */
    async function allPages(table: TableDetail, sort: Sort | null, filters: Filter[] = [], limit = 17, token = owner): Promise<Row[]> {
      const rows: Row[] = []
      let after: unknown[] | null = null
      for (let pages = 0; pages < 1000; pages++) {
        const page = await run(rowsSql({ table, sort, filters, after, limit }), token)
        rows.push(...page)
        if (page.length < limit) return rows
        after = cursorOf({ table, sort }, page.at(-1)!)
      }
      throw new Error('paging did not end')
    }
    /** Every row before `last`, page by page backward (as the grid reads back up), in order. */
    async function pagesBefore(table: TableDetail, sort: Sort | null, filters: Filter[], last: Row, limit = 17): Promise<Row[]> {
      const rows: Row[] = []
      let before = cursorOf({ table, sort }, last)
      for (let pages = 0; pages < 1000; pages++) {
        // Nearest first: the page's last row is the farthest back, where the next page starts.
        const page = await run(rowsSql({ table, sort, filters, after: before, backward: true, limit }))
        rows.unshift(...[...page].reverse())
        if (page.length < limit) return rows
        before = cursorOf({ table, sort }, page.at(-1)!)
      }
      throw new Error('paging did not end')
    }

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      const o = await ownerWithOrg(tp)
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug, { plan: 'team' })
      reader = await memberOf(tp, o.org.id, 'Read-only')
      await run(SETUP)
      await run(createTableSql({ schema: 'public', name: 'every_type', comment: "Every type's column", enableRls: false, columns: EVERY_TYPE }))
      await run(PAGES_SETUP)
    })
    afterAll(async () => stop?.())

    it('lists schemas and tables with an estimate, and reads a table whole', async () => {
      expect(schemasFromRows(await run(schemasSql()))).toContain('public')
      expect(schemasFromRows(await run(schemasSql()))).not.toContain('platform_internal')
      await run('analyze public.pages')
      const tables = tablesFromRows(await run(tablesSql('public')))
      expect(tables.find((t) => t.name === 'pages')?.estimatedRows).toBe(250)
      expect(tables.find((t) => t.name === 'every_type')).toMatchObject({ estimatedRows: null, comment: "Every type's column" })

      const table = await detail('every_type')
      expect(table.primaryKey).toEqual(['id'])
      const byName = Object.fromEntries(table.columns.map((c) => [c.name, c]))
      expect(byName.id).toMatchObject({ identity: true, primaryKey: true, nullable: false, category: 'number' })
      expect(Object.fromEntries(table.columns.map((c) => [c.name, c.category]))).toEqual({
        id: 'number', t: 'text', i2: 'number', i4: 'number', i8: 'number', num: 'number', f8: 'number', b: 'boolean', j: 'json', jb: 'json',
        d: 'date', tm: 'time', ttz: 'time', ts: 'timestamp', tstz: 'timestamp', iv: 'other', u: 'uuid', m: 'enum', ta: 'array', ia: 'array', by: 'bytea', owner_id: 'number',
      })
      expect(byName.m.enumValues).toEqual(['sad', 'ok', "it's fine"])
      expect(byName.ta).toMatchObject({ type: 'text[]', elementCategory: 'text' })
      expect(byName.num.type).toBe('numeric(20,4)')
      expect(byName.owner_id.foreignKey).toMatchObject({ schema: 'public', table: 'owners', column: 'id', onDelete: 'CASCADE' })
      expect(tableDetailFromRows(await run(tableDetailSql('public', 'not_there')))).toBeNull()
    })

    it('round-trips a value of every type: insert, read back, update with the text shown', async () => {
      const table = await detail('every_type')
      // Postgres writes timestamptz in the session's time zone: ask it how it writes this one.
      const [{ tstz }] = await run(`select '2024-01-31 12:34:56.789+00'::timestamptz::text as tstz`)
      for (const [name, input, shown] of VALUES) {
        const column = table.columns.find((c) => c.name === name)!
        const expected = name === 'tstz' ? (tstz as string) : (shown ?? input)
        const same = (value: unknown) =>
          column.category === 'json' ? expect(JSON.parse(cellText(column, value)!)).toEqual(JSON.parse(expected)) : expect(cellText(column, value)).toBe(expected)
        const [inserted] = await run(insertRowSql(table, { [name]: input }))
        same(inserted[name])
        const [read] = await run(rowsSql({ table, sort: null, filters: [{ column: 'id', operator: '=', value: String(inserted.id) }], after: null, limit: 10 }))
        same(read[name])
        expect(read.t === null || typeof read.t === 'string').toBe(true)
        // What the editor starts from, written back unchanged, is the same value.
        const [updated] = await run(updateRowSql(table, read, { [name]: cellText(column, read[name]) }))
        same(updated[name])
        // And NULL, in every column.
        const [nulled] = await run(updateRowSql(table, read, { [name]: null }))
        expect(nulled[name]).toBeNull()
      }
      expect((await run(`select count(*)::int as n from public.every_type`))[0].n).toBe(VALUES.length)
      expect(tablesFromRows(await run(tablesSql('public'))).map((t) => t.name)).toContain('every_type')
    })

    it('writes foreign keys, shows the referenced row and deletes by key', async () => {
      const table = await detail('every_type')
      const [row] = await run(insertRowSql(table, { owner_id: '2', t: 'owned' }))
      const fk = table.columns.find((c) => c.name === 'owner_id')!.foreignKey!
      expect(await run(referencedRowSql(fk, row.owner_id))).toEqual([{ id: 2, name: 'Grace' }])
      await expect(run(insertRowSql(table, { owner_id: '99' }))).rejects.toThrow(/violates foreign key constraint/)
      const [other] = await run(insertRowSql(table, { t: 'second' }))
      await run(deleteRowsSql(table, [row, other]))
      expect(await run(`select id from public.every_type where id in (${row.id}, ${other.id})`)).toEqual([])
      expect(() => insertRowSql(table, { i4: 'abc' })).toThrow('i4: "abc" is not a number')
      await expect(run(insertRowSql(table, { d: 'not a date' }))).rejects.toThrow(/invalid input syntax for type date/)
    })

    it('keeps values exact with standard_conforming_strings off', async () => {
      // A database can be set so (ALTER DATABASE … SET), and its sessions then read '…' with
      // backslash escapes. A SET in the same query text would come too late (the whole text is
      // parsed first), so the editor's SQL runs by EXECUTE after the setting is off.
      await run(`create function public.with_strings_off(q text) returns setof json language plpgsql as $f$
        begin
          perform set_config('standard_conforming_strings', 'off', true);
          return query execute format('with answer as (%s) select row_to_json(answer) from answer', q);
        end $f$`)
      const off = async (sql: string) => (await run(`select public.with_strings_off($editor$${sql}$editor$) as row`)).map((r) => r.row as Row)
      expect(await off(`select current_setting('standard_conforming_strings') as setting`)).toEqual([{ setting: 'off' }])
      // What a plain '…' turns into with the setting off: the backslash is gone.
      expect(await off(`select 'a \\ b' as text`)).toEqual([{ text: 'a  b' }])
      const table = await detail('every_type')
      const t = table.columns.find((c) => c.name === 't')!
      for (const text of [`a \\ backslash`, `ends in a backslash \\`, `\\'; select 1; --`, `\\n is not a newline`, `it's`]) {
        const [inserted] = await off(insertRowSql(table, { t: text }))
        expect(inserted.t).toBe(text)
        const [read] = await off(rowsSql({ table, sort: null, filters: [{ column: 't', operator: '=', value: text }], after: null, limit: 10 }))
        expect(read?.id).toBe(inserted.id)
        const [updated] = await off(updateRowSql(table, read, { t: `${cellText(t, read.t)}!` }))
        expect(updated.t).toBe(`${text}!`)
        expect(await off(deleteRowsSql(table, [updated]))).toEqual([{ id: updated.id }])
      }
    })

    describe('rows changed meanwhile', () => {
      it('an edit of a row changed or deleted in another tab changes nothing and answers no row', async () => {
        const table = await detail('every_type')
        const [row] = await run(insertRowSql(table, { t: 'first', i4: '1' }))
        // Another tab changes the same cell: this tab's edit does not overwrite it.
        await run(updateRowSql(table, row, { t: 'other tab' }))
        expect(await run(updateRowSql(table, row, { t: 'this tab' }))).toEqual([])
        expect((await run(`select t from public.every_type where id = ${row.id}`))[0].t).toBe('other tab')
        // Another column of the row changed: this cell still holds what was shown, so the edit goes in.
        const [fresh] = await run(`select * from public.every_type where id = ${row.id}`)
        await run(updateRowSql(table, fresh, { i4: '2' }))
        expect(await run(updateRowSql(table, fresh, { t: 'this tab' }))).toHaveLength(1)
        // Deleted meanwhile: nothing to change.
        await run(`delete from public.every_type where id = ${row.id}`)
        expect(await run(updateRowSql(table, fresh, { t: 'again' }))).toEqual([])
      })

      it('a delete answers only the rows it found', async () => {
        const table = await detail('every_type')
        const rows = [await run(insertRowSql(table, { t: 'a' })), await run(insertRowSql(table, { t: 'b' }))].map(([r]) => r)
        await run(`delete from public.every_type where id = ${rows[1].id}`)
        expect(await run(deleteRowsSql(table, rows))).toEqual([{ id: rows[0].id }])
      })
    })

    describe('keyset pages', () => {
      const data = Array.from({ length: 250 }, (_, i) => {
        const id = i + 1
        return { id, score: id % 7 === 0 ? null : id % 10, label: `label ${id % 13}` }
      })
      type Datum = (typeof data)[number]
      /** NULL larger than every value, ties by id, both in the sort's direction. */
      const ordered = (rows: Datum[], key: 'score' | 'label' | null, ascending: boolean) =>
        [...rows].sort((a, b) => {
          const sign = ascending ? 1 : -1
          if (key) {
            const x = a[key]
            const y = b[key]
            if (x !== y) {
              if (x === null) return sign
              if (y === null) return -sign
              return (x < y ? -1 : 1) * sign
            }
          }
          return (a.id - b.id) * sign
        })

      const SORTS: [string, Sort | null][] = [
        ['no sort', null],
        ['score ascending', { column: 'score', ascending: true }],
        ['score descending', { column: 'score', ascending: false }],
        ['label ascending', { column: 'label', ascending: true }],
        ['label descending', { column: 'label', ascending: false }],
        ['id descending', { column: 'id', ascending: false }],
      ]
      const FILTERS: [Filter[], (d: Datum) => boolean][] = [
        [[], () => true],
        [[{ column: 'score', operator: '=', value: '3' }], (d) => d.score === 3],
        [[{ column: 'score', operator: '<>', value: '3' }], (d) => d.score !== null && d.score !== 3],
        [[{ column: 'score', operator: '>', value: '6' }], (d) => d.score !== null && d.score > 6],
        [[{ column: 'score', operator: '<', value: '2' }], (d) => d.score !== null && d.score < 2],
        [[{ column: 'label', operator: 'like', value: 'label 1%' }], (d) => d.label.startsWith('label 1')],
        [[{ column: 'score', operator: 'in', value: '1, 5,9' }], (d) => [1, 5, 9].includes(d.score as number)],
        [[{ column: 'score', operator: 'is null', value: '' }], (d) => d.score === null],
        [[{ column: 'score', operator: 'is not null', value: '' }], (d) => d.score !== null],
      ]

      it.each(SORTS)('cover every row exactly once, in order: %s, under each filter', async (_, sort) => {
        const table = await detail('pages')
        const key = (sort?.column ?? null) as 'score' | 'label' | null
        for (const [filters, keep] of FILTERS) {
          const rows = await allPages(table, sort, filters)
          const expected = ordered(data.filter(keep), key === 'id' as string ? null : key, sort?.ascending ?? true).map((d) => d.id)
          expect(rows.map((r) => r.id), JSON.stringify(filters)).toEqual(expected)
          if (rows.length > 0) expect((await pagesBefore(table, sort, filters, rows.at(-1)!)).map((r) => r.id), `back: ${JSON.stringify(filters)}`).toEqual(expected.slice(0, -1))
          expect(Object.keys(rows[0] ?? { id: 1, score: 1, label: 1, __cursor: 1 }).sort()).toEqual(['__cursor', 'id', 'label', 'score'])
        }
      })

      it('pages a table without a primary key by ctid, also sorted', async () => {
        const table = await detail('loose')
        expect(table.primaryKey).toEqual([])
        for (const sort of [null, { column: 'note', ascending: true }, { column: 'note', ascending: false }]) {
          const rows = await allPages(table, sort, [], 7)
          expect(rows.map((r) => r.v as number).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1))
          expect(await pagesBefore(table, sort, [], rows.at(-1)!, 7)).toEqual(rows.slice(0, -1))
        }
        expect(() => updateRowSql(table, { v: 1 }, { v: '2' })).toThrow('has no primary key')
      })
    })

    describe('DDL', () => {
      it('renames a table, adds, alters and drops columns', async () => {
        await run(createTableSql({ schema: 'public', name: 'Draft Notes', enableRls: false, columns: [col('id', 'bigint', { identity: true, primaryKey: true }), col('body', 'text')] }))
        await run(renameTableSql({ schema: 'public', name: 'Draft Notes' }, 'notes'))
        let notes = await detail('notes')
        await run(addColumnSql(notes, col('rank', 'text', { defaultValue: "'1'", comment: 'as typed' })))
        await run(insertRowSql(notes, { body: 'a' }))
        notes = await detail('notes')
        const rank = notes.columns.find((c) => c.name === 'rank')!
        expect(rank).toMatchObject({ defaultValue: "'1'::text", comment: 'as typed' })
        await run(alterColumnSql(notes, rank, { type: 'integer', defaultValue: '0', nullable: false, unique: true, name: 'position' }))
        notes = await detail('notes')
        const position = notes.columns.find((c) => c.name === 'position')!
        expect(position).toMatchObject({ type: 'integer', category: 'number', defaultValue: '0', nullable: false, unique: true })
        expect((await run('select position from public.notes'))[0].position).toBe(1)
        await run(alterColumnSql(notes, position, { unique: false, nullable: true, defaultValue: null }))
        expect((await detail('notes')).columns.find((c) => c.name === 'position')).toMatchObject({ unique: false, nullable: true, defaultValue: null })
        await run(dropColumnSql(notes, 'position'))
        expect((await detail('notes')).columns.map((c) => c.name)).toEqual(['id', 'body'])
        await run(dropTableSql(notes))
        expect(tableDetailFromRows(await run(tableDetailSql('public', 'notes')))).toBeNull()
      })

      it('keeps a hostile default one expression: refused, and nothing else happens', async () => {
        await run(`create table public.guarded (id int primary key, secret text); insert into public.guarded values (1, 's')`)
        const guarded = await detail('guarded')
        const hostile = '1, drop column secret'
        // Unwrapped, both of these dropped the column `secret` along with the change.
        expect(await refusal(addColumnSql(guarded, col('c', 'int', { defaultValue: hostile })))).toMatch(/syntax error/)
        expect(await refusal(alterColumnSql(guarded, guarded.columns[0], { defaultValue: hostile }))).toMatch(/syntax error/)
        // Unwrapped, this made a column more than the form showed.
        const hostileTable = (defaultValue: string) =>
          createTableSql({ schema: 'public', name: 'hostile', enableRls: false, columns: [col('id', 'int', { primaryKey: true }), col('c', 'int', { defaultValue })] })
        expect(await refusal(hostileTable('1, sneaky text'))).toMatch(/syntax error/)
        // Closing the parenthesis early is refused before anything is sent.
        expect(() => hostileTable('1), secret text, other int default (1')).toThrow('unbalanced')
        expect(tableDetailFromRows(await run(tableDetailSql('public', 'hostile')))).toBeNull()
        const after = await detail('guarded')
        expect(after.columns.map((c) => [c.name, c.defaultValue])).toEqual([['id', null], ['secret', null]])
        expect(await run('select * from public.guarded')).toEqual([{ id: 1, secret: 's' }])
        // A default of one expression, in its parentheses, still works.
        await run(addColumnSql(guarded, col('c', 'text', { defaultValue: `'x' || E'\\\\'` })))
        expect((await run(insertRowSql(await detail('guarded'), { id: '2' })))[0].c).toBe('x\\')
      })

      it('adds a foreign key whose ON DELETE CASCADE works', async () => {
        await run(createTableSql({ schema: 'public', name: 'pets', enableRls: false, columns: [col('id', 'int', { primaryKey: true }), col('owner', 'bigint')] }))
        let pets = await detail('pets')
        await run(alterColumnSql(pets, pets.columns[1], { foreignKey: { schema: 'public', table: 'owners', column: 'id', onDelete: 'CASCADE' } }))
        pets = await detail('pets')
        expect(pets.columns[1].foreignKey).toMatchObject({ table: 'owners', onDelete: 'CASCADE' })
        const [ada] = await run(`insert into public.owners (name) values ('Temp') returning id`)
        await run(insertRowSql(pets, { id: '1', owner: String(ada.id) }))
        await run(`delete from public.owners where id = ${ada.id}`)
        expect(await run('select * from public.pets')).toEqual([])
      })

      it('enables RLS and lists its policies', async () => {
        await run(createTableSql({ schema: 'public', name: 'secrets', enableRls: true, columns: [col('id', 'int', { primaryKey: true }), col('owner', 'text')] }))
        await run(`create policy "own rows" on public.secrets for select to public using (owner = current_user)`)
        const secrets = await detail('secrets')
        expect(secrets.rlsEnabled).toBe(true)
        expect(secrets.policies).toEqual([{ name: 'own rows', command: 'SELECT', permissive: true, roles: ['public'], using: '(owner = CURRENT_USER)', withCheck: null }])
        await run(setRlsSql(secrets, false))
        expect((await detail('secrets')).rlsEnabled).toBe(false)
      })

      it('leaves nothing half-applied when a later statement fails', async () => {
        const script = createTableSql({ schema: 'public', name: 'half', comment: 'never', enableRls: true, columns: [col('id', 'int', { primaryKey: true })] })
        expect(script).toMatch(/^begin;[\s\S]*commit;$/)
        const failing = script.replace(/commit;$/, 'select 1 / 0;\ncommit;')
        expect(await refusal(failing)).toMatch(/division by zero/)
        expect(tableDetailFromRows(await run(tableDetailSql('public', 'half')))).toBeNull()

        // A change of several parts: the NOT NULL fails on a NULL, the type change before it is undone.
        await run(`create table public.partly (id int primary key, n int); insert into public.partly values (1, null)`)
        const partly = await detail('partly')
        const n = partly.columns[1]
        expect(await refusal(alterColumnSql(partly, n, { type: 'bigint', nullable: false, name: 'm' }))).toMatch(/contains null values/)
        expect((await detail('partly')).columns[1]).toMatchObject({ name: 'n', type: 'integer', nullable: true })
        // The session the failure happened in is not left in a transaction for the next query.
        expect(await run('select 1 as one')).toEqual([{ one: 1 }])
      })
    })

    it('lets a Read-only member read everything and refuses their changes, naming the role', async () => {
      const table = await detail('every_type', 'public', reader)
      expect(table.columns.length).toBe(EVERY_TYPE.length)
      expect(tablesFromRows(await run(tablesSql('public'), reader)).map((t) => t.name)).toContain('pages')
      const pages = await detail('pages', 'public', reader)
      expect((await allPages(pages, { column: 'score', ascending: true }, [], 50, reader)).length).toBe(250)
      const before = (await run('select count(*)::int as n from public.every_type'))[0].n
      for (const sql of [insertRowSql(table, { t: 'no' }), dropTableSql(table), createTableSql({ schema: 'public', name: 'nope', enableRls: false, columns: [col('id', 'int')] })]) {
        // On a server the read-only role refuses; on PGlite read-only SQL runs as the body of a view
        // (server/databases/embedded-readonly.ts), where anything but a query is a syntax error.
        // Either way the answer names the role (lib/sql/read-only-refusal.ts).
        expect(await refusal(sql, reader)).toMatch(/^Your role \(Read-only\) can only read: [A-Z ]+ is not allowed\.$|permission denied|must be owner/)
      }
      expect((await run('select count(*)::int as n from public.every_type'))[0].n).toBe(before)
      expect(tableDetailFromRows(await run(tableDetailSql('public', 'nope')))).toBeNull()
    })
  })
}

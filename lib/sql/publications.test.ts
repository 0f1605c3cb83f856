import {
  addTableSql,
  createRealtimePublicationSql,
  dropTableSql,
  eventsText,
  filterTables,
  PUBLICATIONS_LIST_SQL,
  PUBLICATIONS_SQL,
  publicationChangeSql,
  publicationChangeSummary,
  publicationsFromRows,
  PUBLISHABLE_TABLES_SQL,
  publishes,
  replicaIdentitySql,
  SERVICE_SCHEMAS,
  setEventsSql,
  type Publication,
  type PublicationChange,
} from './publications'

const todos = { schema: 'public', name: 'todos' }
const weird = { schema: 'My Schema', name: 'a"b' }
const ALL = { insert: true, update: true, delete: true, truncate: true }

describe('the listing', () => {
  it('reads every publication with its owner, all-tables flag, four events and tables, in one SELECT', () => {
    expect(PUBLICATIONS_LIST_SQL).toContain('from pg_catalog.pg_publication p')
    const columns = ['p.puballtables', 'p.pubinsert', 'p.pubupdate', 'p.pubdelete', 'p.pubtruncate', 'pg_catalog.pg_publication_tables', 'pg_catalog.pg_publication_rel']
    for (const column of columns) expect(PUBLICATIONS_LIST_SQL).toContain(column)
    expect(PUBLICATIONS_LIST_SQL).toContain('pg_catalog.json_agg')
    expect(PUBLICATIONS_SQL).toMatch(/^select \(\nwith project as/)
    expect(PUBLICATIONS_SQL).toMatch(/\) as publications, \(\nwith project as [\s\S]*\) as tables$/)
    expect(PUBLICATIONS_SQL.match(/;/g)).toBeNull()
  })

  it("offers the project's ordinary and partitioned tables, never the system's, the platform's or its services'", () => {
    expect(PUBLISHABLE_TABLES_SQL).toContain("c.relkind in ('r', 'p') and not c.relispartition")
    expect(PUBLISHABLE_TABLES_SQL).toContain("not pg_catalog.starts_with(n.nspname, 'pg_')")
    expect(PUBLISHABLE_TABLES_SQL).toContain("array['information_schema', 'platform_internal', 'platform_ro']")
    expect(PUBLISHABLE_TABLES_SQL).toContain(
      "n.nspname <> all (array['auth', 'storage', 'realtime', 'extensions', 'graphql', 'graphql_public', 'vault', 'supabase_functions', 'net', 'cron', 'pgsodium'])"
    )
    expect(SERVICE_SCHEMAS).toContain('realtime')
    expect(PUBLISHABLE_TABLES_SQL).toContain('c.relreplident')
    expect(PUBLISHABLE_TABLES_SQL).toContain("d.deptype = 'e'")
  })
})

describe('publicationsFromRows', () => {
  const publications = [
    {
      id: '16410',
      name: 'supabase_realtime',
      owner: 'p_abc',
      owned: true,
      all_tables: false,
      insert: true,
      update: true,
      delete: false,
      truncate: false,
      tables: [todos],
    },
    { id: '16416', name: 'everything', owner: 'postgres', owned: false, all_tables: true, insert: true, update: true, delete: true, truncate: true, tables: [] },
  ]
  const tables = [
    { schema: 'public', name: 'todos', partitioned: false, replica_identity: 'd', primary_key: true, owned: true },
    { schema: 'app', name: 'events', partitioned: true, replica_identity: 'f', primary_key: false, owned: false },
  ]
  const parsed = {
    publications: [
      {
        id: '16410',
        name: 'supabase_realtime',
        owner: 'p_abc',
        owned: true,
        allTables: false,
        events: { insert: true, update: true, delete: false, truncate: false },
        tables: [todos],
      },
      { id: '16416', name: 'everything', owner: 'postgres', owned: false, allTables: true, events: ALL, tables: [] },
    ],
    tables: [
      { schema: 'public', name: 'todos', partitioned: false, replicaIdentity: 'default', hasPrimaryKey: true, owned: true },
      { schema: 'app', name: 'events', partitioned: true, replicaIdentity: 'full', hasPrimaryKey: false, owned: false },
    ],
  }

  it('parses the answer as JSON or as text', () => {
    expect(publicationsFromRows([{ publications, tables }])).toEqual(parsed)
    expect(publicationsFromRows([{ publications: JSON.stringify(publications), tables: JSON.stringify(tables) }])).toEqual(parsed)
    expect(publicationsFromRows([{ publications: [], tables: [] }])).toEqual({ publications: [], tables: [] })
  })

  it.each([
    ['no row', []],
    ['no tables', [{ publications: [] }]],
    ['an unknown replica identity', [{ publications: [], tables: [{ ...tables[0], replica_identity: 'x' }] }]],
    ['an event missing', [{ publications: [{ ...publications[0], truncate: undefined }], tables: [] }]],
  ])('refuses an answer with %s', (_, rows) => {
    expect(() => publicationsFromRows(rows)).toThrow('The publications listing answered something unexpected')
  })

  it('knows which tables a publication publishes: its own, or every one', () => {
    const [realtime, everything] = parsed.publications as Publication[]
    expect(publishes(realtime, todos)).toBe(true)
    expect(publishes(realtime, { schema: 'app', name: 'todos' })).toBe(false)
    expect(publishes(everything, { schema: 'app', name: 'anything' })).toBe(true)
  })
})

it.each([
  ['', ['public.todos', 'app.events', 'app.todos_archive']],
  ['TODO', ['public.todos', 'app.todos_archive']],
  ['app.', ['app.events', 'app.todos_archive']],
  ['  events ', ['app.events']],
  ['nothing', []],
])('searching %j finds %j', (search, expected) => {
  const tables = [todos, { schema: 'app', name: 'events' }, { schema: 'app', name: 'todos_archive' }]
  expect(filterTables(tables, search).map((t) => `${t.schema}.${t.name}`)).toEqual(expected)
})

describe('statements', () => {
  it.each([
    [addTableSql('supabase_realtime', todos), 'alter publication "supabase_realtime" add table "public"."todos";'],
    [dropTableSql('supabase_realtime', todos), 'alter publication "supabase_realtime" drop table "public"."todos";'],
    [addTableSql('my pub', weird), 'alter publication "my pub" add table "My Schema"."a""b";'],
    [setEventsSql('supabase_realtime', { ...ALL, truncate: false }), `alter publication "supabase_realtime" set (publish = 'insert, update, delete');`],
    [setEventsSql('supabase_realtime', { insert: false, update: false, delete: true, truncate: true }), `alter publication "supabase_realtime" set (publish = 'delete, truncate');`],
    [setEventsSql('p', { insert: false, update: false, delete: false, truncate: false }), `alter publication "p" set (publish = '');`],
    [createRealtimePublicationSql(), 'create publication "supabase_realtime";'],
    [replicaIdentitySql(todos, 'full'), 'alter table "public"."todos" replica identity full;'],
    [replicaIdentitySql(weird, 'default'), 'alter table "My Schema"."a""b" replica identity default;'],
  ])('%s', (sql, expected) => expect(sql).toBe(expected))

  it('refuses a name with a NUL character', () => {
    expect(() => addTableSql('supabase_realtime', { schema: 'public', name: 'a\u0000b' })).toThrow('must not contain a NUL character')
  })

  it.each<[PublicationChange, string, string]>([
    [{ kind: 'create-realtime' }, 'create publication "supabase_realtime";', 'create the supabase_realtime publication'],
    [{ kind: 'add-table', publication: 'supabase_realtime', table: todos }, addTableSql('supabase_realtime', todos), 'add public.todos to supabase_realtime'],
    [{ kind: 'drop-table', publication: 'supabase_realtime', table: todos }, dropTableSql('supabase_realtime', todos), 'remove public.todos from supabase_realtime'],
    [
      { kind: 'events', publication: 'supabase_realtime', events: { ...ALL, update: false } },
      `alter publication "supabase_realtime" set (publish = 'insert, delete, truncate');`,
      'set the events of supabase_realtime to insert, delete, truncate',
    ],
    [{ kind: 'replica-identity', table: todos, identity: 'full' }, replicaIdentitySql(todos, 'full'), 'set the replica identity of public.todos to full'],
  ])('the change %j runs %s (%s)', (change, sql, summary) => {
    expect(publicationChangeSql(change)).toBe(sql)
    expect(publicationChangeSummary(change)).toBe(summary)
  })

  it('writes no events as none', () => expect(eventsText({ insert: false, update: false, delete: false, truncate: false })).toBe('none'))
})

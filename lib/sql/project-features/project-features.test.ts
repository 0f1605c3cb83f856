import { capabilitiesFromRows, CAPABILITIES_SQL, createExtensionSql, extensionStatus, preloadedLibraries, type Capabilities } from './capabilities'
import { cronJobsFromRows, newCronJobProblem, scheduleJobSql, setJobActiveSql, unscheduleJobSql } from './cron'
import { hooksFromRows, HOOKS_SQL } from './hooks'
import { formatDuration, formatRatio, resetStatementsSql, sortStatements, statementsFromRows, statementsSql, type StatementStats } from './query-performance'
import { createSecretSql, deleteSecretSql, revealedSecretFromRows, revealSecretSql, secretProblem, updateSecretSql, vaultSecretsFromRows } from './vault'
import { wrappersFromRows, WRAPPERS_SQL } from './wrappers'

const caps = (over: Partial<Capabilities> = {}): Capabilities => ({
  server_version_num: 150000,
  preload: null,
  loaded: [],
  cron_database: null,
  database: 'p_abc',
  role: 'p_abc',
  superuser: false,
  create_on_database: true,
  extensions: [],
  ...over,
})
const ext = (name: string, over: Partial<Capabilities['extensions'][number]> = {}) => ({
  name,
  default_version: '1.0',
  installed_version: null,
  schema: null,
  trusted: false,
  comment: null,
  ...over,
})

describe('capabilities', () => {
  it('parses the answer as JSON or text, and refuses another shape', () => {
    const value = caps({ extensions: [ext('pg_cron')] })
    expect(capabilitiesFromRows([{ capabilities: value }])).toEqual(value)
    expect(capabilitiesFromRows([{ capabilities: JSON.stringify(value) }])).toEqual(value)
    expect(() => capabilitiesFromRows([{ capabilities: { preload: 1 } }])).toThrow("The database's capabilities answered something unexpected")
    expect(() => capabilitiesFromRows([])).toThrow()
  })

  it('is one SELECT that reads what the pages need', () => {
    expect(CAPABILITIES_SQL).toMatch(/^select /)
    expect(CAPABILITIES_SQL).not.toContain(';')
    for (const part of ['pg_available_extensions', 'pg_extension', "current_setting('shared_preload_libraries', true)", 'pg_read_all_settings', 'pg_settings', "'pg_stat_statements'", "'postgres_fdw'"]) expect(CAPABILITIES_SQL).toContain(part)
  })

  it.each([
    [null, []],
    ['', []],
    ['pg_stat_statements', ['pg_stat_statements']],
    [' pg_cron , "pg_net",auto_explain', ['pg_cron', 'pg_net', 'auto_explain']],
  ])('preloaded libraries of %j', (preload, expected) => expect(preloadedLibraries(preload)).toEqual(expected))

  it('says where an extension stands for the caller', () => {
    expect(extensionStatus(caps(), 'pg_cron')).toEqual({ state: 'missing', name: 'pg_cron', preloaded: false })
    expect(extensionStatus(caps({ extensions: [ext('pg_stat_statements')] }), 'pg_stat_statements')).toMatchObject({ state: 'available', canCreate: false })
    expect(extensionStatus(caps({ superuser: true, extensions: [ext('pg_stat_statements')] }), 'pg_stat_statements')).toMatchObject({ state: 'available', canCreate: true })
    expect(extensionStatus(caps({ extensions: [ext('pg_net', { trusted: true })] }), 'pg_net')).toMatchObject({ state: 'available', canCreate: true })
    expect(extensionStatus(caps({ create_on_database: false, extensions: [ext('pg_net', { trusted: true })] }), 'pg_net')).toMatchObject({ canCreate: false })
    expect(
      extensionStatus(caps({ preload: 'pg_stat_statements', extensions: [ext('pg_stat_statements', { installed_version: '1.10', schema: 'extensions' })] }), 'pg_stat_statements')
    ).toMatchObject({ state: 'installed', schema: 'extensions', preloaded: true })
    // Not allowed to read shared_preload_libraries: its settings say it is loaded.
    expect(extensionStatus(caps({ loaded: ['cron'], extensions: [ext('pg_cron')] }), 'pg_cron')).toMatchObject({ state: 'available', preloaded: true })
    expect(extensionStatus(caps({ loaded: ['cron'], extensions: [ext('pg_net')] }), 'pg_net')).toMatchObject({ preloaded: false })
    expect(createExtensionSql('supabase_vault', { cascade: true })).toBe('create extension if not exists supabase_vault cascade;')
  })
})

describe('query performance', () => {
  const stat = (query: string, calls: number, total: number, hit: number | null = 1): StatementStats => ({
    role: 'p_abc',
    query,
    calls,
    total_time: total,
    mean_time: total / calls,
    max_time: total,
    rows: calls,
    cache_hit_ratio: hit,
  })

  it('reads the view in its schema, quoted, for this database only', () => {
    const sql = statementsSql('my "ext"')
    expect(sql).toContain('from "my ""ext""".pg_stat_statements p')
    expect(sql).toContain('pg_catalog.current_database()')
    expect(resetStatementsSql('extensions')).toBe('select "extensions".pg_stat_statements_reset();')
  })

  it('parses statements and refuses another shape', () => {
    const rows = [{ statements: [stat('select 1', 2, 4)] }]
    expect(statementsFromRows(rows)).toEqual([stat('select 1', 2, 4)])
    expect(() => statementsFromRows([{ statements: [{ query: 'x' }] }])).toThrow('The query statistics answered something unexpected')
  })

  it('sorts either way with nulls last, and searches text and role', () => {
    const all = [stat('select a', 10, 5), stat('select b', 1, 50, null), stat('update c', 100, 20, 0.5)]
    expect(sortStatements(all, { column: 'calls', direction: 'desc' }).map((s) => s.query)).toEqual(['update c', 'select a', 'select b'])
    expect(sortStatements(all, { column: 'mean_time', direction: 'asc' }).map((s) => s.query)).toEqual(['update c', 'select a', 'select b'])
    expect(sortStatements(all, { column: 'cache_hit_ratio', direction: 'asc' }).map((s) => s.query)).toEqual(['update c', 'select a', 'select b'])
    expect(sortStatements(all, { column: 'cache_hit_ratio', direction: 'desc' }).map((s) => s.query)).toEqual(['select a', 'update c', 'select b'])
    expect(sortStatements(all, { column: 'total_time', direction: 'desc' }, ' SELECT ').map((s) => s.query)).toEqual(['select b', 'select a'])
    expect(sortStatements(all, { column: 'total_time', direction: 'desc' }, 'P_ABC')).toHaveLength(3)
  })

  it.each([
    [0.4213, '0.42 ms'],
    [12.34, '12.3 ms'],
    [456.7, '457 ms'],
    [4560, '4.56 s'],
    [126000, '2.1 min'],
  ])('formatDuration(%d) is %s', (ms, text) => expect(formatDuration(ms)).toBe(text))

  it('formats ratios', () => {
    expect(formatRatio(0.9876)).toBe('98.8%')
    expect(formatRatio(null)).toBe('–')
  })
})

describe('cron', () => {
  it('parses jobs with their runs', () => {
    const job = { id: 3, name: 'nightly', schedule: '0 3 * * *', command: 'vacuum', database: 'p_abc', username: 'p_abc', active: true, runs: [{ status: 'succeeded', start_time: '2025-01-01 03:00:00+00', end_time: null, message: '1 row' }] }
    expect(cronJobsFromRows([{ jobs: [job] }])).toEqual([job])
    expect(() => cronJobsFromRows([{ jobs: [{ id: '3' }] }])).toThrow('The cron jobs answered something unexpected')
  })

  it('writes pg_cron calls with every value a literal', () => {
    expect(scheduleJobSql({ name: " it's ", schedule: '*/5 * * * *', command: "delete from logs where at < now() - interval '7 days'" })).toBe(
      "select cron.schedule('it''s', '*/5 * * * *', 'delete from logs where at < now() - interval ''7 days''');"
    )
    expect(setJobActiveSql(4, false)).toBe('select cron.alter_job(job_id := 4, active := false);')
    expect(unscheduleJobSql(4)).toBe('select cron.unschedule(4::bigint);')
    expect(() => unscheduleJobSql(Number.NaN)).toThrow('Not a job id')
    expect(() => setJobActiveSql(-1, true)).toThrow('Not a job id')
  })

  it.each([
    [{ name: '', schedule: '* * * * *', command: 'select 1' }, 'Give the job a name'],
    [{ name: 'x'.repeat(64), schedule: '* * * * *', command: 'select 1' }, 'The name must be at most 63 characters'],
    [{ name: 'a', schedule: ' ', command: 'select 1' }, 'Give a schedule, e.g. */5 * * * * or 30 seconds'],
    [{ name: 'a', schedule: '* * * * *', command: '' }, 'Give the SQL the job runs'],
    [{ name: 'a', schedule: '* * * * *', command: 'select \u0000' }, 'The job must not contain a NUL character'],
    [{ name: 'a', schedule: '30 seconds', command: 'select 1' }, null],
  ])('newCronJobProblem(%j) is %j', (job, problem) => expect(newCronJobProblem(job)).toBe(problem))
})

describe('hooks', () => {
  it('looks for pg_net calls in trigger functions', () => {
    expect(HOOKS_SQL).toContain("'\\mnet\\.http_(post|get|delete)\\M'")
    const hook = { schema: 'public', table: 'orders', name: 'orders_webhook', function: 'public.notify', timing: 'after', events: 'insert', enabled: true, definition: 'CREATE TRIGGER …' }
    expect(hooksFromRows([{ hooks: [hook] }])).toEqual([hook])
    expect(() => hooksFromRows([{ hooks: null }])).toThrow('The database webhooks answered something unexpected')
  })
})

describe('vault', () => {
  const id = '0e2f6a8c-1b2c-4d5e-8f90-a1b2c3d4e5f6'
  it('lists without reading a secret, and reveals one by id', () => {
    const secret = { id, name: 'stripe', description: null, created_at: '2025-01-01', updated_at: null }
    expect(vaultSecretsFromRows([{ secrets: [secret] }])).toEqual([secret])
    expect(revealSecretSql(id)).toContain(`where s.id = '${id}'::uuid`)
    expect(revealedSecretFromRows([{ secret: 'sk_live' }])).toBe('sk_live')
    expect(() => revealedSecretFromRows([])).toThrow('This secret no longer exists')
  })

  it('writes vault calls, masking the secret when asked', () => {
    const input = { name: ' stripe ', description: '', secret: "s3'cret" }
    expect(createSecretSql(input)).toBe("select vault.create_secret('s3''cret', 'stripe', null);")
    expect(createSecretSql(input, { hideSecret: true })).toBe("select vault.create_secret('••••••••', 'stripe', null);")
    expect(updateSecretSql(id, { ...input, secret: '' })).toBe(`select vault.update_secret('${id}'::uuid, null, 'stripe', null);`)
    expect(updateSecretSql(id, { ...input, description: 'live key' }, { hideSecret: true })).toBe(`select vault.update_secret('${id}'::uuid, '••••••••', 'stripe', 'live key');`)
    expect(deleteSecretSql(id)).toBe(`delete from vault.secrets where id = '${id}'::uuid;`)
  })

  it.each([
    [{ name: '', description: '', secret: 'x' }, true, 'Give the secret a name'],
    [{ name: 'a', description: '', secret: '' }, true, 'Enter the secret'],
    [{ name: 'a', description: '', secret: '' }, false, null],
    [{ name: 'a', description: '\u0000', secret: 'x' }, true, 'A secret must not contain a NUL character'],
  ])('secretProblem(%j, %s) is %j', (input, required, problem) => expect(secretProblem(input, required)).toBe(problem))
})

describe('wrappers', () => {
  it('never reads user mapping options, and masks credentials in server options', () => {
    expect(WRAPPERS_SQL).not.toContain('umoptions')
    expect(WRAPPERS_SQL).toContain('(pass|secret|key|token|credential)')
    const catalog = {
      wrappers: [{ name: 'postgres_fdw', owner: 'postgres', handler: 'postgres_fdw_handler', extension: 'postgres_fdw', usable: true }],
      servers: [{ name: 'reporting', wrapper: 'postgres_fdw', owner: 'p_abc', type: null, version: null, options: { host: 'db' }, user_mappings: ['p_abc'] }],
      foreign_tables: [{ schema: 'public', name: 'remote_orders', server: 'reporting', options: { table_name: 'orders' }, columns: ['id'] }],
    }
    expect(wrappersFromRows([{ wrappers: catalog }])).toEqual(catalog)
    expect(() => wrappersFromRows([{ wrappers: { wrappers: [] } }])).toThrow('The foreign data wrappers answered something unexpected')
  })
})

// @vitest-environment node
/**
 * The session reset after every run (server/databases/run-sql.ts) on the run's server: it ends a
 * transaction the SQL left open, and says nothing when there is none. A ROLLBACK sent outside a
 * transaction makes the server log "WARNING: there is no transaction in progress": one line in
 * the server's log for every SQL run, which buried the warnings that matter.
 */
import type pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { ServerPools } from '@/server/databases/pools'
import { runSql, type RunContext } from '@/server/databases/run-sql'
import { engineUrl } from '../helpers/test-platform'

const pools = new ServerPools()
const context: RunContext = { pools, maxResultBytes: 1024 * 1024, terminateGraceMs: 5_000, adminUrlFor: () => undefined }
const url = engineUrl()
const pool = pools.forUrl(url)
/** What the server said to the pool's connections besides answers (NoticeResponse: warnings, notices). */
const notices: string[] = []
pool.on('connect', (client: pg.PoolClient) => client.on('notice', (notice) => notices.push(notice.message ?? '')))

afterAll(() => pools.closeAll())

/** Runs `sql` and waits until its connection is back in the pool, reset. */
async function run(sql: string): Promise<unknown> {
  const outcome = await runSql(context, url, sql, { timeoutMs: 10_000, shape: 'last' }).catch((error: unknown) => error)
  await expect.poll(() => pool.idleCount === pool.totalCount).toBe(true)
  return outcome instanceof Error ? outcome : JSON.parse(Buffer.from((outcome as { json: Uint8Array }).json).toString('utf8'))
}

describe('the session reset after a run', () => {
  it('warns about nothing after a run that left no transaction open', async () => {
    notices.length = 0
    expect(await run('select 1 as one')).toEqual([{ one: 1 }])
    expect(await run('begin; select 2 as two; commit; select 3 as three')).toEqual([{ three: 3 }])
    await run('select 1/0')
    expect(notices).toEqual([])
  })

  it('rolls back a transaction the run left open, or left failed', async () => {
    const table = `reset_left_open_${process.pid}`
    await run(`begin; create table ${table} (x int)`)
    expect(await run(`select to_regclass('${table}') is null as gone`)).toEqual([{ gone: true }])
    await run('begin; select 1/0')
    expect(await run('select 3 as three')).toEqual([{ three: 3 }])
  })

  it('lets go of the session-level advisory locks a run took: the pooled connection would hold them for good', async () => {
    const key = 700_000 + (process.pid % 100_000)
    const held = () =>
      pool.query<{ n: number }>(`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid in ($1, $2) and granted`, [key, key + 1]).then((r) => r.rows[0].n)
    expect(await run(`select 1 as one from pg_advisory_lock(${key}), pg_advisory_lock_shared(${key + 1})`)).toEqual([{ one: 1 }])
    expect(await held()).toBe(0)
  })
  it('drops the temporary tables a run made: left on one of several pooled connections, they shadowed tables of the same name in some later runs and not in others', async () => {
    const table = `reset_temp_${process.pid}`
    const kept = () =>
      pool.query<{ n: number }>(`select count(*)::int as n from pg_class where relname = $1 and relpersistence = 't'`, [table]).then((r) => r.rows[0].n)
    expect(await run(`create temp table ${table} (x int); insert into ${table} values (1); select count(*)::int as n from ${table}`)).toEqual([{ n: 1 }])
    expect(await kept()).toBe(0)
  })
})

// @vitest-environment node
/**
 * recordRunAndActivity: what the SQL endpoint writes after a run (the history entry and the
 * project's activity) in one control-plane statement, with what recordRun and recordActivity each
 * did: the newest entries kept, the activity written at most once per throttle period, and never
 * a failed run because of it. On embedded PGlite and on a PostgreSQL server.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { HISTORY_WRITES_AHEAD, recordRunAndActivity, type RunRecord } from '@/server/content/history'
import { BACKENDS, activeProject, ownerWithOrg, runSql } from '../helpers/project-backends'
import { NO_BACKGROUND_PASSES, type TestPlatform } from '../helpers/test-platform'

describe.each(BACKENDS.filter((b) => b.enabled))('on $name', (backend) => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let run: Omit<RunRecord, 'sql'>
  let ref: string
  let token: string

  beforeAll(async () => {
    // No background pass (health checks, usage samples) among the statements a test counts or fails.
    ;({ tp, stop } = await backend.start(NO_BACKGROUND_PASSES))
    const owner = await ownerWithOrg(tp, 'History Org')
    token = owner.token
    const { org } = owner
    ref = await activeProject(tp, token, org.slug)
    const [row] = await tp.platform.db.query<{ id: number; user_id: string }>(
      `select p.id::int as id, pr.user_id from projects p join organization_members m on m.organization_id = p.organization_id
       join profiles pr on pr.id = m.profile_id where p.ref = $1`,
      [ref]
    )
    run = { projectId: row.id, userId: row.user_id, startedAt: new Date(), durationMs: 1.5, rowCount: 1, error: null }
  })
  afterAll(async () => stop?.())

  const history = () =>
    tp.platform.db.query<{ sql: string; row_count: number | null; error: string | null }>(
      `select sql, row_count::int as row_count, error from query_history where project_id = $1 order by id`,
      [run.projectId]
    )
  const lastActivity = async () =>
    (await tp.platform.db.query<{ at: Date | string }>('select last_activity_at as at from projects where ref = $1', [ref]))[0].at
  const setLastActivity = (sql: string) => tp.platform.db.query(`update projects set last_activity_at = ${sql} where ref = $1`, [ref])

  it('writes the history entry and the activity in one round trip', async () => {
    await tp.platform.db.query('delete from query_history where project_id = $1', [run.projectId])
    await setLastActivity(`now() - interval '1 hour'`)
    const before = new Date(await lastActivity()).getTime()
    const queries = vi.spyOn(tp.platform.db, 'query')
    try {
      await recordRunAndActivity(tp.platform, { ...run, sql: 'select 1' })
      expect(queries).toHaveBeenCalledTimes(1)
    } finally {
      queries.mockRestore()
    }
    expect(await history()).toEqual([{ sql: 'select 1', row_count: 1, error: null }])
    expect(new Date(await lastActivity()).getTime()).toBeGreaterThan(before + 30 * 60_000)
  })

  it('writes the activity at most once per throttle period, the history every time', async () => {
    await tp.platform.db.query('delete from query_history where project_id = $1', [run.projectId])
    await setLastActivity('now()')
    const recent = await lastActivity()
    await recordRunAndActivity(tp.platform, { ...run, sql: 'select 2', rowCount: null, error: 'relation "nope" does not exist' })
    expect(new Date(await lastActivity()).getTime()).toBe(new Date(recent).getTime())
    expect(await history()).toEqual([{ sql: 'select 2', row_count: null, error: 'relation "nope" does not exist' }])
  })

  it('keeps the newest entries only', async () => {
    await tp.platform.db.query('delete from query_history where project_id = $1', [run.projectId])
    for (const n of [1, 2, 3, 4]) await recordRunAndActivity(tp.platform, { ...run, sql: `select ${n}` }, 2)
    expect((await history()).map((h) => h.sql)).toEqual(['select 3', 'select 4'])
  })

  it("answers a run without waiting for its history entry; the user's next read of the history waits for it", async () => {
    // A transaction that holds off every insert into the history, but not its reads.
    const blocker = new pg.Client({ connectionString: tp.platform.servers.platformDatabaseUrl })
    await blocker.connect()
    try {
      await blocker.query('begin; lock table query_history in exclusive mode')
      const ran = await runSql(tp, token, ref, "select 'answered first' as note")
      expect(ran.status).toBe(200)
      let read = false
      const reading = tp.call('GET', `/platform/projects/${ref}/query-history?limit=1`, { token }).finally(() => (read = true))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(read).toBe(false)
      await blocker.query('commit')
      expect((await reading).body.data.map((entry: { sql: string }) => entry.sql)).toEqual(["select 'answered first' as note"])
    } finally {
      await blocker.query('rollback').catch(() => undefined)
      await blocker.end()
    }
  })

  it(`answers at most ${HISTORY_WRITES_AHEAD} runs ahead of their history entries, then waits for them; entries keep the order of the runs`, async () => {
    await tp.platform.db.query('delete from query_history where project_id = $1', [run.projectId])
    const blocker = new pg.Client({ connectionString: tp.platform.servers.platformDatabaseUrl })
    await blocker.connect()
    const runs = Array.from({ length: HISTORY_WRITES_AHEAD + 1 }, (_, i) => `select ${i + 1} as n`)
    try {
      await blocker.query('begin; lock table query_history in exclusive mode')
      for (const sql of runs.slice(0, -1)) expect((await runSql(tp, token, ref, sql)).status).toBe(200)
      const waitingWrites = tp.platform.pending.size
      let answered = false
      const last = runSql(tp, token, ref, runs.at(-1)!).finally(() => (answered = true))
      // Once the last run's entry waits behind the others (on a busy machine the run itself can
      // take longer than the pause below), its answer must wait for the entries to be written.
      while (tp.platform.pending.size === waitingWrites && !answered) await new Promise((resolve) => setTimeout(resolve, 10))
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(answered).toBe(false)
      await blocker.query('commit')
      expect((await last).status).toBe(200)
    } finally {
      await blocker.query('rollback').catch(() => undefined)
      await blocker.end()
    }
    expect((await history()).map((entry) => entry.sql)).toEqual(runs)
  })

  it('never fails the run: a control plane that does not take it is logged', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const queries = vi.spyOn(tp.platform.db, 'query').mockRejectedValueOnce(new Error('connection refused'))
    try {
      await expect(recordRunAndActivity(tp.platform, { ...run, sql: 'select 5' })).resolves.toBeUndefined()
      expect(errors).toHaveBeenCalledWith(`Query history not recorded, nor the project's activity (project ${run.projectId}):`, 'connection refused')
    } finally {
      queries.mockRestore()
      errors.mockRestore()
    }
  })
})

// @vitest-environment node
/**
 * A statement that swallows its own cancel (a DO block catching query_canceled around pg_sleep)
 * must not outlive the statement timeout nor the Cancel button, on either backend: past the
 * timeout (plus SQL_TERMINATE_GRACE_MS on a server) its session is ended, the run answers a clear
 * 57014, and the project's connections stay free, so three such runs never make it unhealthy.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { closePlatform, createPlatform } from '@/server/platform'
import { serve } from '@/server/standalone'
import type { TestPlatform } from '../helpers/test-platform'
import type { PgCluster } from '../helpers/pg-cluster'
import { BACKENDS, rowsOf, runSql, startWithReader, statusOf } from '../helpers/project-backends'

/** Catches every cancel (statement timeout, pg_cancel_backend) and goes on sleeping. */
const STUBBORN = `do $$ begin loop begin perform pg_sleep(0.1); exception when query_canceled then null; end; end loop; end $$`
/** The same as a function, for a Read-only member (a plain SELECT, which they may run on both backends). */
const STUBBORN_FUNCTION = `create function public.stubborn() returns int language plpgsql as $$
  begin loop begin perform pg_sleep(0.1); exception when query_canceled then null; end; end loop; end $$`
const TIMEOUT_MS = 1_000

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`a statement that ignores its cancel: ${backend.name}`, () => {
    let tp: TestPlatform
    let cluster: PgCluster | null
    let stop: () => Promise<void>
    let ref: string
    let owner: string
    let reader: string
    let location: ProjectDbLocation

    beforeAll(async () => {
      // On the organization's own plan (no `plan`).
      ;({ tp, cluster, stop, owner, ref, reader } = await startWithReader(backend, {
        overrides: { sqlTimeoutMs: TIMEOUT_MS, sqlTerminateGraceMs: 500 },
        orgName: 'Stubborn Org',
        project: {},
      }))
      await rowsOf(tp, owner, ref, STUBBORN_FUNCTION)
      const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
      location = row.db_location
    })
    afterAll(async () => stop?.())

    /** Backends of the project's roles still running the DO block, seen by the server's admin. */
    async function stubbornBackends(): Promise<number> {
      if (!cluster) return 0
      const admin = new pg.Client({ connectionString: cluster.url })
      await admin.connect()
      try {
        const { rows } = await admin.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and (query like 'do $$ begin loop%' or query like '%stubborn()%') and pid <> pg_backend_pid()`,
          [`p_${ref}`]
        )
        return rows[0].n
      } finally {
        await admin.end()
      }
    }

    /**
     * A run the platform ended: 400, 57014 and `message`; on a server its session was ended, and
     * the answer says why (PGlite ends its worker on every timeout).
     */
    function expectEnded(res: { status: number; body: any }, message: string) {
      expect(res.status).toBe(400)
      expect(res.body.pg.code).toBe('57014')
      expect(res.body.message).toContain(message)
      if (backend.name === 'server') expect(res.body.pg.detail).toBe('The statement went on after it was cancelled, so its session was ended.')
    }

    /**
     * Nothing still runs it, the pool has its connections back, and nobody marked the project down.
     * A terminated backend answers its client before it leaves pg_stat_activity (the error is sent,
     * then the process exits), so its row may outlive the answer by a moment on a busy machine.
     */
    async function expectFreed() {
      await expect.poll(stubbornBackends, { timeout: 10_000, interval: 50 }).toBe(0)
      expect(await rowsOf(tp, owner, ref, 'select 1 as one')).toEqual([{ one: 1 }])
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    }

    it('ends it after the timeout with a clear error, for every member; three at once leave the project healthy', async () => {
      const runs = await Promise.all([runSql(tp, owner, ref, STUBBORN), runSql(tp, reader, ref, 'select public.stubborn()'), runSql(tp, owner, ref, STUBBORN)])
      for (const res of runs) expectEnded(res, 'statement timeout')
      await expectFreed()
      expect(await rowsOf(tp, reader, ref, 'select 2 as two')).toEqual([{ two: 2 }])
    })

    it('a second round of three still finds the pool whole', async () => {
      for (let round = 0; round < 2; round++) {
        const runs = await Promise.all([0, 1, 2].map(() => runSql(tp, owner, ref, STUBBORN)))
        for (const res of runs) expect(res.body.pg?.code).toBe('57014')
      }
      const after = await Promise.all([0, 1, 2, 3].map((i) => rowsOf(tp, owner, ref, `select ${i} as i`)))
      expect(after).toEqual([0, 1, 2, 3].map((i) => [{ i }]))
      expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
    })

    if (backend.name === 'server') {
      it('a run waiting for a connection while every one is busy hears so, and the project stays healthy', async () => {
        tp.platform.config.sqlTimeoutMs = 10 * 60_000
        const busy = [0, 1, 2].map(() => ({ queryId: randomUUID() }))
        try {
          const responses = busy.map(({ queryId }) =>
            tp.call('POST', `/platform/pg-meta/${ref}/query?results=all&query_id=${queryId}`, { token: owner, body: { query: 'select pg_sleep(600)' } })
          )
          for (const { queryId } of busy) await until(queryId)
          const waited = await runSql(tp, owner, ref, 'select 1 as one')
          expect(waited.status).toBe(400)
          expect(waited.body.pg.code).toBe('53300')
          expect(waited.body.message).toContain('are busy running other statements')
          expect(await statusOf(tp, ref)).toBe('ACTIVE_HEALTHY')
          for (const { queryId } of busy) expect((await cancel(queryId)).body).toEqual({ cancelled: true })
          for (const res of await Promise.all(responses)) expect(res.body.pg.code).toBe('57014')
          expect(await rowsOf(tp, owner, ref, 'select 1 as one')).toEqual([{ one: 1 }])
        } finally {
          tp.platform.config.sqlTimeoutMs = TIMEOUT_MS
        }
      })
    }

    if (backend.name === 'server') {
      it('a cancel that reaches another app instance ends it too', async () => {
        tp.platform.config.sqlTimeoutMs = 10 * 60_000
        const other = await createPlatform(tp.platform.config)
        const server = await serve(other)
        try {
          const queryId = randomUUID()
          const response = tp.call('POST', `/platform/pg-meta/${ref}/query?results=all&query_id=${queryId}`, { token: owner, body: { query: STUBBORN } })
          await until(queryId)
          // The run's record in the control plane is what the other instance finds it by.
          while (!(await tp.platform.db.query('select 1 from running_queries where query_id = $1', [queryId])).length)
            await new Promise((resolve) => setTimeout(resolve, 10))
          await new Promise((resolve) => setTimeout(resolve, 300))
          const there = await fetch(`${server.url}/platform/projects/${ref}/query/${queryId}/cancel`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${owner}`, Accept: 'application/json', 'Content-Type': 'application/json' },
          })
          expect(await there.json()).toEqual({ cancelled: true })
          const res = await response
          expect(res.status).toBe(400)
          expect(res.body.pg).toMatchObject({ code: '57014', detail: 'The statement went on after it was cancelled, so its session was ended.' })
          expect(res.body.message).toBe('canceling statement due to user request')
          await expectFreed()
        } finally {
          tp.platform.config.sqlTimeoutMs = TIMEOUT_MS
          await server.close()
          await closePlatform(other)
        }
      })
    }

    const cancel = (queryId: string) => tp.call('POST', `/platform/projects/${ref}/query/${queryId}/cancel`, { token: owner })

    /** Polls until this process runs the named run (no fixed sleep). */
    async function until(queryId: string) {
      const deadline = Date.now() + 20_000
      while (tp.platform.databases.runState(location, queryId) !== 'running') {
        if (Date.now() > deadline) throw new Error('the run never started')
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }

    it('the Cancel button ends it too, well before the timeout', async () => {
      // A long timeout: only the cancel can end the run within this test.
      tp.platform.config.sqlTimeoutMs = 10 * 60_000
      try {
        const queryId = randomUUID()
        const response = tp.call('POST', `/platform/pg-meta/${ref}/query?results=all&query_id=${queryId}`, { token: owner, body: { query: STUBBORN } })
        await until(queryId)
        // Let it reach the loop (the cancel must be the one it swallows).
        await new Promise((resolve) => setTimeout(resolve, 300))
        const cancelled = await cancel(queryId)
        expect(cancelled.body).toEqual({ cancelled: true })
        expectEnded(await response, 'canceling statement due to user request')
        await expectFreed()
      } finally {
        tp.platform.config.sqlTimeoutMs = TIMEOUT_MS
      }
    })
  })
}

// @vitest-environment node
/**
 * Cancelling a named SQL run (POST /platform/projects/{ref}/query/{query_id}/cancel): the run
 * answers Postgres' own 57014, the project answers right after, cancelling one of two runs side by
 * side leaves the other running, and only the member who started a run (or an Owner or Admin) can
 * stop it. A cancel reaching another app instance finds the run through the control plane.
 */
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ProjectDbLocation } from '@/server/databases'
import { closePlatform, createPlatform } from '@/server/platform'
import { serve } from '@/server/standalone'
import { engineUrl, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg } from '../helpers/project-backends'

const SLEEP = 'select pg_sleep(30)'

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`cancelling a query: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let ref: string
    let location: ProjectDbLocation
    let owner: string
    let developer: string
    let admin: string
    let outsider: string
    let orgId: number

    beforeAll(async () => {
      const started = await backend.start()
      tp = started.tp
      stop = started.stop
      const o = await ownerWithOrg(tp, 'Cancel Org')
      owner = o.token
      ref = await activeProject(tp, owner, o.org.slug)
      orgId = o.org.id
      developer = await memberOf(tp, o.org.id, 'Developer')
      admin = await memberOf(tp, o.org.id, 'Admin')
      outsider = (await ownerWithOrg(tp, 'Elsewhere')).token
      const [row] = await tp.platform.db.query<{ db_location: ProjectDbLocation }>('select db_location from projects where ref = $1', [ref])
      location = row.db_location
    })
    afterAll(async () => stop?.())

    const run = (token: string, sql: string, queryId?: string) =>
      tp.call('POST', `/platform/pg-meta/${ref}/query?results=all${queryId ? `&query_id=${queryId}` : ''}`, { token, body: { query: sql } })
    const cancel = (token: string, queryId: string, projectRef = ref) => tp.call('POST', `/platform/projects/${projectRef}/query/${queryId}/cancel`, { token })

    /** Polls until this process's databases know the run in `state` (no fixed sleep). */
    async function until(queryId: string, state: 'queued' | 'running') {
      const deadline = Date.now() + 20_000
      while (tp.platform.databases.runState(location, queryId) !== state) {
        if (Date.now() > deadline) throw new Error(`run ${queryId} never became ${state} (is ${tp.platform.databases.runState(location, queryId)})`)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }

    /** Starts a named sleep and waits until it runs; answers its pending response. */
    async function startSleep(token = owner, queryId = randomUUID()) {
      const response = run(token, SLEEP, queryId)
      await until(queryId, 'running')
      return { queryId, response }
    }

    /** A sleep that ended by itself would answer 200: this 400 is the cancel's. */
    async function expectCancelled(response: ReturnType<typeof run>) {
      const res = await response
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('canceling statement due to user request')
      expect(res.body.pg.code).toBe('57014')
    }

    async function expectServing() {
      const res = await run(owner, 'select 1 as one')
      expect(res.status).toBe(200)
      expect(res.body.results[0].rows).toEqual([{ one: 1 }])
    }

    it('cancels a running query: it answers 57014 at once, and the project answers right after', async () => {
      const { queryId, response } = await startSleep()
      const res = await cancel(owner, queryId)
      expect(res.status).toBe(200)
      expect(res.body).toEqual({ cancelled: true })
      await expectCancelled(response)
      await expectServing()
      // It ended: cancelling it again is no error, and cancels nothing.
      expect((await cancel(owner, queryId)).body).toEqual({ cancelled: false })
      expect(tp.platform.databases.runState(location, queryId)).toBeNull()
    })

    it('answers cancelled: false for a finished or unknown run; a finished name may be used again', async () => {
      const queryId = randomUUID()
      expect((await run(owner, 'select 1 as one', queryId)).status).toBe(200)
      expect((await cancel(owner, queryId)).body).toEqual({ cancelled: false })
      expect((await cancel(owner, randomUUID())).body).toEqual({ cancelled: false })
      const again = await run(owner, 'select 2 as two', queryId)
      expect(again.status).toBe(200)
      expect(again.body.results[0].rows).toEqual([{ two: 2 }])
    })

    it('works as before without a query_id (pg-meta compatible)', async () => {
      const res = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: owner, body: { query: 'select 1 as one' } })
      expect(res.status).toBe(200)
      expect(res.body).toEqual([{ one: 1 }])
    })

    it('refuses a name that is already running in the project (409), and runs nothing', async () => {
      const { queryId, response } = await startSleep()
      const twin = await run(owner, 'create table twin_ran (id int)', queryId)
      expect(twin.status).toBe(409)
      expect((await cancel(owner, queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(response)
      const exists = await run(owner, "select to_regclass('public.twin_ran') is not null as there")
      expect(exists.body.results[0].rows).toEqual([{ there: false }])
    })

    it('cancelling one run leaves the others alone', async () => {
      const first = await startSleep()
      const secondId = randomUUID()
      // It runs beside the first one (a pool, not a queue): slow enough to be cancelled there.
      const second = run(owner, `create table second_ran (id int); ${SLEEP}`, secondId)
      await until(secondId, 'running')
      // An unnamed request too: it must survive whatever happens to the others.
      const bystander = run(owner, 'select 7 as seven')

      expect((await cancel(owner, secondId)).body).toEqual({ cancelled: true })
      const stopped = await second
      expect(stopped.status).toBe(400)
      expect(stopped.body.pg.code).toBe('57014')
      // The first one was not touched by that cancel.
      expect(tp.platform.databases.runState(location, first.queryId)).toBe('running')

      expect((await cancel(owner, first.queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(first.response)
      const after = await bystander
      expect(after.status).toBe(200)
      expect(after.body.results[0].rows).toEqual([{ seven: 7 }])
      // The cancelled run was rolled back.
      const exists = await run(owner, "select to_regclass('public.second_ran') is not null as there")
      expect(exists.body.results[0].rows).toEqual([{ there: false }])
    })

    it("lets only the member who started a run, or an Owner or Admin, cancel it; an outsider gets 404", async () => {
      const owners = await startSleep(owner)
      // Another member learns nothing and stops nothing.
      expect((await cancel(developer, owners.queryId)).body).toEqual({ cancelled: false })
      expect(tp.platform.databases.runState(location, owners.queryId)).toBe('running')
      // An outsider: the project does not exist for them, running query or not.
      const foreign = await cancel(outsider, owners.queryId)
      expect(foreign.status).toBe(404)
      expect(foreign.body.message).toBe('This project does not exist')
      expect((await cancel(outsider, randomUUID())).status).toBe(404)
      expect(tp.platform.databases.runState(location, owners.queryId)).toBe('running')
      expect((await cancel(owner, owners.queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(owners.response)

      // A Developer cancels their own run; an Admin may cancel anyone's.
      const developers = await startSleep(developer)
      expect((await cancel(developer, developers.queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(developers.response)
      const another = await startSleep(developer)
      expect((await cancel(admin, another.queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(another.response)
      await expectServing()
    })

    it('lets a Read-only member cancel their own run (it runs as the read-only role)', async () => {
      const reader = await memberOf(tp, orgId, 'Read-only')
      const queryId = randomUUID()
      const response = run(reader, 'select 1 as n from pg_sleep(30)', queryId)
      await until(queryId, 'running')
      expect((await cancel(developer, queryId)).body).toEqual({ cancelled: false })
      expect((await cancel(reader, queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(response)
      const res = await run(reader, 'select 1 as one')
      expect(res.status).toBe(200)
      expect(res.body.results[0].rows).toEqual([{ one: 1 }])
    })

    it('a cancel racing the run to its end leaves a consistent answer and a serving project', async () => {
      for (let i = 0; i < 8; i++) {
        const queryId = randomUUID()
        const response = run(owner, `select ${i} as i`, queryId)
        const [res, ...cancels] = await Promise.all([response, cancel(owner, queryId), cancel(owner, queryId)])
        for (const c of cancels) expect(c.status).toBe(200)
        // Either it ended first (its rows), or a cancel stopped it (57014): nothing else.
        if (res.status === 200) expect(res.body.results[0].rows).toEqual([{ i }])
        else expect(res.body.pg.code).toBe('57014')
        // A run no cancel claims to have stopped was not stopped.
        // (The reverse need not hold: a signal can reach a backend that has just answered, its
        // answer still on the wire, and stop nothing there: docs/api.md.)
        if (cancels.every((c) => c.body.cancelled === false)) expect(res.status).toBe(200)
      }
      await expectServing()
      // The next named run is not hit by a late cancel of an earlier one.
      const next = await startSleep()
      expect(tp.platform.databases.runState(location, next.queryId)).toBe('running')
      expect((await cancel(owner, next.queryId)).body).toEqual({ cancelled: true })
      await expectCancelled(next.response)
    })

    // Read-only mode, a new compute size or a new password end the database's sessions while the
    // server answers: not a server that went away, and for a named run (the SQL editor's) not a cancel.
    for (const named of [false, true])
      it(`a run ${named ? 'with' : 'without'} a name whose session the platform ends (its database restarted) is told so; the project stays healthy`, async () => {
        const superuser = new pg.Client({ connectionString: engineUrl() })
        await superuser.connect()
        try {
          const running = named ? (await startSleep()).response : run(owner, SLEEP)
          const sessionOf = `select pid from pg_stat_activity where datname = $1 and query = '${SLEEP}'`
          await expect.poll(async () => (await superuser.query(sessionOf, [`p_${ref}`])).rowCount).toBe(1)
          await superuser.query(`select pg_terminate_backend(pid) from (${sessionOf}) s`, [`p_${ref}`])
          const ended = await running
          expect({ status: ended.status, code: ended.body.pg?.code }).toEqual({ status: 400, code: '57P01' })
          expect(ended.body.message).toMatch(/^The session running this statement was ended/)
          expect((await tp.call('GET', `/platform/projects/${ref}`, { token: owner })).body.status).toBe('ACTIVE_HEALTHY')
          await expectServing()
        } finally {
          await superuser.end()
        }
      })

    it('refuses ids that are not uuids (400)', async () => {
      for (const bad of ['not-a-uuid', '1234', `${randomUUID()}x`, "'; select 1 --"]) {
        const res = await cancel(owner, encodeURIComponent(bad))
        expect(res.status).toBe(400)
        expect(res.body.message).toContain('query_id must be a uuid')
        const runRes = await tp.call('POST', `/platform/pg-meta/${ref}/query?query_id=${encodeURIComponent(bad)}`, { token: owner, body: { query: 'select 1' } })
        expect(runRes.status).toBe(400)
        expect(runRes.body.message).toContain('query_id must be a uuid')
      }
    })

    it('takes one name however it is spelled (upper-case uuid)', async () => {
      const queryId = randomUUID()
      const response = run(owner, SLEEP, queryId.toUpperCase())
      await until(queryId, 'running')
      expect((await cancel(owner, queryId.toUpperCase())).body).toEqual({ cancelled: true })
      await expectCancelled(response)
    })

    if (backend.name === 'server') {
      it('records a running named query in the control plane while it runs, and forgets it after', async () => {
        const { queryId, response } = await startSleep()
        await waitRow(queryId)
        const recorded = await tp.platform.db.query('select pid, instance_id from running_queries where query_id = $1', [queryId])
        expect(recorded).toEqual([{ pid: expect.any(Number), instance_id: tp.platform.instanceId }])
        expect((await cancel(owner, queryId)).body).toEqual({ cancelled: true })
        await expectCancelled(response)
        // Forgotten once the answer went out: the platform's background work includes it.
        await settle(tp.platform)
        expect(await tp.platform.db.query('select 1 from running_queries where query_id = $1', [queryId])).toEqual([])
      })

      it('answers a named run before its record is removed, reuses its connection only after, and keeps records out of the WAL', async () => {
        // Two commits per run of the SQL editor (recorded, forgotten): worthless after a crash,
        // they never wait for the log's flush to disk.
        const [{ persistence }] = await tp.platform.db.query<{ persistence: string }>(
          `select relpersistence as persistence from pg_class where oid = 'running_queries'::regclass`
        )
        expect(persistence).toBe('u')
        // The record's delete is held until the answer came and other runs were served (or, were
        // the answer waiting for it, for long enough to tell): the answer must come first.
        const queryId = randomUUID()
        const events: string[] = []
        let answered = () => {}
        const answer = new Promise<void>((resolve) => (answered = resolve))
        const query = tp.platform.db.query.bind(tp.platform.db)
        const spy = vi.spyOn(tp.platform.db, 'query').mockImplementation(async (...args: Parameters<typeof query>) => {
          if (/^delete from running_queries where project_id/.test(args[0])) {
            await Promise.race([answer, new Promise((resolve) => setTimeout(resolve, 10_000))])
            events.push('forgotten')
          }
          return query(...args)
        })
        try {
          const res = await tp.call('POST', `/platform/pg-meta/${ref}/query?query_id=${queryId}`, { token: owner, body: { query: 'select pg_backend_pid() as pid' } })
          events.push('answered')
          expect(res.status).toBe(200)
          const [{ pid }] = res.body as { pid: number }[]
          // Until its record is gone, the run's connection serves no other run: a late cancel
          // from another instance could not tell that run apart if it renamed its own session.
          for (let i = 0; i < 3; i++) {
            const next = await tp.call('POST', `/platform/pg-meta/${ref}/query`, { token: owner, body: { query: 'select pg_backend_pid() as pid' } })
            expect(next.status).toBe(200)
            expect(next.body).not.toEqual([{ pid }])
          }
          answered()
          await settle(tp.platform)
        } finally {
          answered()
          spy.mockRestore()
        }
        expect(events).toEqual(['answered', 'forgotten'])
        expect(await tp.platform.db.query('select 1 from running_queries where query_id = $1', [queryId])).toEqual([])
      })

      it('cancels a run of another app instance by its backend, and never a backend that moved on', async () => {
        // A second app instance on the same control plane and database server.
        const other = await createPlatform(tp.platform.config)
        const server = await serve(other)
        try {
          const cancelThere = (token: string, queryId: string) =>
            fetch(`${server.url}/platform/projects/${ref}/query/${queryId}/cancel`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
            }).then(async (res) => ({ status: res.status, body: await res.json() }))

          const { queryId, response } = await startSleep()
          await waitRow(queryId)
          // Another member cannot, from there either.
          expect(await cancelThere(developer, queryId)).toEqual({ status: 200, body: { cancelled: false } })
          expect(await cancelThere(owner, queryId)).toEqual({ status: 200, body: { cancelled: true } })
          await expectCancelled(response)
          await expectServing()

          // A record that outlived its run (its instance died) names a backend that now does
          // something else: it is left alone.
          const idle = await startSleep()
          const [{ pid }] = await waitRow(idle.queryId)
          const stale = randomUUID()
          const [project] = await tp.platform.db.query<{ id: number; user_id: string }>(
            `select p.id::int as id, (select user_id from running_queries where query_id = $2) as user_id from projects p where p.ref = $1`,
            [ref, idle.queryId]
          )
          await tp.platform.db.query(
            `insert into running_queries (project_id, query_id, instance_id, pid, user_id) values ($1, $2, 'gone', $3, $4)`,
            [project.id, stale, pid, project.user_id]
          )
          expect(await cancelThere(owner, stale)).toEqual({ status: 200, body: { cancelled: false } })
          expect(tp.platform.databases.runState(location, idle.queryId)).toBe('running')
          expect((await cancel(owner, idle.queryId)).body).toEqual({ cancelled: true })
          await expectCancelled(idle.response)
          await tp.platform.db.query('delete from running_queries where query_id = $1', [stale])

          // A run that renames its own session and swallows every cancel is still found, and ended.
          const renamed = randomUUID()
          const stubborn = run(
            owner,
            `set application_name = 'renamed'; do $$ begin loop begin perform pg_sleep(0.1); exception when query_canceled then null; end; end loop; end $$`,
            renamed
          )
          await until(renamed, 'running')
          await waitRow(renamed)
          expect(await cancelThere(owner, renamed)).toEqual({ status: 200, body: { cancelled: true } })
          const ended = await stubborn
          expect(ended.status).toBe(400)
          expect(ended.body.message).toBe('canceling statement due to user request')
          await expectServing()
        } finally {
          await server.close()
          await closePlatform(other)
        }
      })

      /** The control-plane record may trail the run's start by a round trip: poll for it. */
      async function waitRow(queryId: string) {
        const deadline = Date.now() + 10_000
        for (;;) {
          const rows = await tp.platform.db.query<{ pid: number }>('select pid from running_queries where query_id = $1', [queryId])
          if (rows.length) return rows
          if (Date.now() > deadline) throw new Error('the run was never recorded')
          await new Promise((resolve) => setTimeout(resolve, 10))
        }
      }
    }
  })
}

// @vitest-environment node
/**
 * A project's logs against the real platform, on both backends: what the platform records shows up
 * through GET /platform/projects/{ref}/logs (an API request as edge_logs, a failing and a slow
 * statement as postgres_logs, a sign-in as auth_logs in the organization's projects only), the
 * plan's retention holds for reads and for the prune, every member may read and an outsider gets
 * 404, and bad parameters get 400. And the hostile and unlucky cases: an outsider's request, an
 * emoji cut at a limit, a 3 MB detail, a refused event in a batch, an event recorded inside a
 * transaction, a rolled-back sign-in, an end in the year 9999, an event exactly at `end`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, runSql } from '../helpers/project-backends'
import { flushLogs, recordLog, waitingLogEvents } from '@/server/logs/recorder'
import { overrideLogSettings } from '@/server/logs/log-settings'
import { CLOCK_SLACK_MS } from '@/server/logs/read-logs'
import { pruneLogs } from '@/server/logs/retention'
import { issueSession } from '@/server/auth/sessions'
import { findUserById } from '@/server/auth/users'

const PASSWORD = 'correct horse battery staple'
const SLOW_MS = 200

type Event = { id: string; timestamp: string; level: string; event_message: string; metadata: Record<string, any> }

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`logs: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>
    let owner: { token: string; userId: string; email: string }
    let other: { token: string; ref: string; userId: string; orgId: number }
    let orgId: number
    let ref: string

    async function userWithOrg(name: string) {
      const email = `logs-${name.replace(/\W/g, '').toLowerCase()}-${Date.now()}@example.com`
      const user = await tp.signUp(email, PASSWORD)
      await tp.call('POST', '/platform/profile', { token: user.token })
      const org = (await tp.call('POST', '/platform/organizations', { token: user.token, body: { name } })).body as { id: number; slug: string }
      return { ...user, email, org }
    }

    const logsPath = (params: Record<string, string>, projectRef = ref) => `/platform/projects/${projectRef}/logs?${new URLSearchParams(params)}`

    /** Every event of a source in the last hour, after what is waiting was written. */
    async function events(source: string, params: Record<string, string> = {}, token = owner.token, projectRef = ref): Promise<Event[]> {
      await flushLogs(tp.platform)
      const res = await tp.call('GET', logsPath({ source, limit: '1000', ...params }, projectRef), { token })
      if (res.status !== 200) throw new Error(JSON.stringify(res.body))
      return res.body.events
    }

    /** A row written straight into the control plane, `age` ago. */
    async function insertEvent(message: string, age: string, source = 'edge_logs', projectRef = ref) {
      await tp.platform.db.query(
        `insert into log_events (organization_id, project_id, source, occurred_at, level, event_message, metadata)
         select organization_id, id, $2, now() - $3::interval, 'info', $4, '{}'::jsonb from projects where ref = $1`,
        [projectRef, source, age, message]
      )
    }

    /** A row written straight into the control plane at an exact time. */
    async function insertEventAt(message: string, at: Date) {
      await tp.platform.db.query(
        `insert into log_events (organization_id, project_id, source, occurred_at, level, event_message, metadata)
         select organization_id, id, 'edge_logs', $2, 'info', $3, '{}'::jsonb from projects where ref = $1`,
        [ref, at.toISOString(), message]
      )
    }

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start())
      overrideLogSettings(tp.platform, { slowStatementMs: SLOW_MS })
      const made = await userWithOrg('Logs Org')
      owner = made
      orgId = made.org.id
      ref = await activeProject(tp, made.token, made.org.slug)
      const stranger = await userWithOrg('Other Org')
      other = { token: stranger.token, userId: stranger.userId, orgId: stranger.org.id, ref: await activeProject(tp, stranger.token, stranger.org.slug) }
    })
    afterAll(() => stop?.())

    it('records a request to a project route as edge_logs, without its query string', async () => {
      const res = await tp.call('GET', `/platform/projects/${ref}?apikey=secret-value`, { token: owner.token })
      expect(res.status).toBe(200)
      const found = (await events('edge_logs')).find((e) => e.metadata.request.id === res.headers.get('x-request-id'))
      expect(found).toBeDefined()
      expect(found!.metadata.request).toMatchObject({ method: 'GET', path: `/platform/projects/${ref}` })
      expect(found!.metadata.response.status_code).toBe(200)
      expect(typeof found!.metadata.response.duration_ms).toBe('number')
      expect(found!.metadata.user_id).toBe(owner.userId)
      expect(found!.level).toBe('info')
      expect(JSON.stringify(found)).not.toContain('secret-value')
    })

    it('records a failing statement as a postgres_logs error', async () => {
      const res = await runSql(tp, owner.token, ref, 'select * from no_such_table_for_logs')
      expect(res.status).toBe(400)
      const found = (await events('postgres_logs', { level: 'error' })).find((e) => e.metadata.query?.includes('no_such_table_for_logs'))
      expect(found).toBeDefined()
      expect(found!.metadata.sql_state_code).toBe('42P01')
      expect(found!.event_message).toContain('no_such_table_for_logs')
      expect(found!.metadata.origin).toBe('sql-endpoint')
    })

    it('records a statement slower than SLOW_STATEMENT_MS as a warning, and a quick one not', async () => {
      expect((await runSql(tp, owner.token, ref, `select pg_sleep(${(SLOW_MS * 2) / 1000}) as slow_marker`)).status).toBe(200)
      expect((await runSql(tp, owner.token, ref, 'select 1 as quick_marker')).status).toBe(200)
      const logged = await events('postgres_logs', { level: 'warning' })
      const slow = logged.find((e) => e.metadata.query?.includes('slow_marker'))
      expect(slow).toBeDefined()
      expect(slow!.metadata.duration_ms).toBeGreaterThanOrEqual(SLOW_MS)
      expect(logged.some((e) => e.metadata.query?.includes('quick_marker'))).toBe(false)
    })

    it("shows a member's sign-in and failed sign-in in the organization's projects, and not in another organization's", async () => {
      const wrong = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email: owner.email, password: 'not the password' } })
      expect(wrong.status).toBe(400)
      const right = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email: owner.email, password: PASSWORD } })
      expect(right.status).toBe(200)
      const mine = await events('auth_logs')
      expect(mine.some((e) => e.metadata.action === 'login' && e.metadata.user_id === owner.userId)).toBe(true)
      expect(mine.some((e) => e.metadata.action === 'login_failed' && e.level === 'warning' && e.metadata.user_id === owner.userId)).toBe(true)
      const theirs = await events('auth_logs', {}, other.token, other.ref)
      expect(theirs.some((e) => e.metadata.user_id === owner.userId)).toBe(false)
    })

    it("never answers a row older than the plan's retention, and the prune deletes it", async () => {
      // Free: 1 day.
      await insertEvent('too old to keep', '2 days')
      await insertEvent('recent enough', '2 hours')
      const start = new Date(Date.now() - 86_400_000 + 60_000).toISOString()
      const messages = (await events('edge_logs', { start })).map((e) => e.event_message)
      expect(messages).toContain('recent enough')
      expect(messages).not.toContain('too old to keep')

      const tooEarly = await tp.call('GET', logsPath({ start: new Date(Date.now() - 2 * 86_400_000).toISOString() }), { token: owner.token })
      expect(tooEarly.status).toBe(400)
      expect(tooEarly.body.message).toMatch(/kept for 1 day on the Free plan/)

      await pruneLogs(tp.platform)
      const left = await tp.platform.db.query<{ event_message: string }>(
        `select event_message from log_events where event_message in ('too old to keep', 'recent enough')`
      )
      expect(left.map((r) => r.event_message)).toEqual(['recent enough'])
    })

    it('searches case-insensitively with LIKE wildcards taken literally, and pages by keyset without gaps', async () => {
      await insertEvent('Disk 100% full', '1 minute')
      await insertEvent('disk 1000 full', '1 minute')
      const found = await events('edge_logs', { search: 'DISK 100%' })
      expect(found.map((e) => e.event_message)).toEqual(['Disk 100% full'])

      for (let i = 0; i < 5; i++) await insertEvent(`page marker ${i}`, '30 seconds')
      const seen: string[] = []
      let before: string | null = null
      do {
        const params: Record<string, string> = { source: 'edge_logs', search: 'page marker', limit: '2', ...(before ? { before } : {}) }
        const res = await tp.call('GET', logsPath(params), { token: owner.token })
        expect(res.status).toBe(200)
        seen.push(...res.body.events.map((e: Event) => e.event_message))
        before = res.body.nextCursor
      } while (before)
      expect(seen.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `page marker ${i}`))
    })

    it('answers a histogram over the range that counts the events answered', async () => {
      const res = await tp.call('GET', logsPath({ source: 'edge_logs', search: 'page marker' }), { token: owner.token })
      expect(res.status).toBe(200)
      const total = res.body.histogram.buckets.reduce((sum: number, b: { count: number }) => sum + b.count, 0)
      expect(total).toBe(5)
      expect(res.body.histogram.bucketSeconds).toBe(60)
    })

    it('lists a source this platform does not run as empty', async () => {
      const res = await tp.call('GET', logsPath({ source: 'supavisor_logs' }), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ recorded: false, events: [] })
    })

    it('lets every member read, and answers 404 to an outsider', async () => {
      const reader = await memberOf(tp, orgId, 'Read-only')
      expect((await tp.call('GET', logsPath({}), { token: reader })).status).toBe(200)
      expect((await tp.call('GET', logsPath({}), { token: other.token })).status).toBe(404)
    })

    it.each([
      [{ source: 'nope' }, /source must be one of/],
      [{ start: 'yesterday' }, /start must be an ISO 8601/],
      [{ start: new Date().toISOString(), end: new Date(Date.now() - 60_000).toISOString() }, /end must not be before start/],
      [{ search: 'x'.repeat(201) }, /at most 200/],
      [{ search: 'a\u0000b' }, /./],
      [{ limit: '0' }, /at least 1/],
      [{ limit: '5000' }, /at most 1000/],
      [{ before: 'garbage' }, /cursor/],
    ])('answers 400 to %j', async (params, message) => {
      const res = await tp.call('GET', logsPath(params as Record<string, string>), { token: owner.token })
      expect(res.status).toBe(400)
      expect(res.body.message).toMatch(message)
    })

    it("does not log an outsider's request in the project it names", async () => {
      const res = await tp.call('GET', `/platform/projects/${ref}`, { token: other.token })
      expect(res.status).toBe(404)
      const logged = await events('edge_logs')
      expect(logged.some((e) => e.metadata.user_id === other.userId)).toBe(false)
      expect(logged.some((e) => e.metadata.request?.id === res.headers.get('x-request-id'))).toBe(false)
    })

    it("logs a member's refused request (a Read-only member's 403)", async () => {
      const reader = await memberOf(tp, orgId, 'Read-only')
      const res = await tp.call('DELETE', `/platform/projects/${ref}`, { token: reader })
      expect(res.status).toBe(403)
      const found = (await events('edge_logs')).find((e) => e.metadata.request.id === res.headers.get('x-request-id'))
      expect(found?.metadata.response.status_code).toBe(403)
    })

    it('keeps a statement whose SQL has an emoji across the 1,000-character cut, without half of it', async () => {
      const head = 'select * from no_such_table_emoji_cut -- '
      const sql = `${head}${'x'.repeat(999 - head.length)}\u{1F600} tail`
      expect(sql.charCodeAt(999)).toBe(0xd83d)
      expect((await runSql(tp, owner.token, ref, sql)).status).toBe(400)
      const found = (await events('postgres_logs', { level: 'error' })).find((e) => e.metadata.query?.includes('no_such_table_emoji_cut'))
      expect(found).toBeDefined()
      expect(found!.metadata.query).toBe(sql.slice(0, 999))
    })

    it('keeps at most 2,000 characters of a detail and a hint', async () => {
      const sql = `do $$ begin raise exception 'huge detail marker' using detail = repeat('d', 3000000), hint = repeat('h', 5000); end $$`
      expect((await runSql(tp, owner.token, ref, sql)).status).toBe(400)
      const found = (await events('postgres_logs', { search: 'huge detail marker' }))[0]
      expect(found).toBeDefined()
      expect(found.metadata.detail).toBe('d'.repeat(2000))
      expect(found.metadata.hint).toBe('h'.repeat(2000))
    })

    it('loses only the event the control plane refuses, not the rest of its batch', async () => {
      recordLog(tp.platform, { userId: 'not-a-uuid', source: 'auth_logs', level: 'info', message: 'refused marker', metadata: {} })
      recordLog(tp.platform, { userId: owner.userId, source: 'auth_logs', level: 'info', message: 'kept beside a refused event', metadata: {} })
      const mine = await events('auth_logs', { search: 'kept beside a refused event' })
      expect(mine).toHaveLength(1)
    })

    it('bounds the waiting events by bytes as well as by count', async () => {
      await flushLogs(tp.platform)
      overrideLogSettings(tp.platform, { bufferMaxBytes: 4096 })
      try {
        for (let i = 0; i < 20; i++)
          recordLog(tp.platform, { projectRef: ref, source: 'edge_logs', level: 'info', message: `budget marker ${i}`, metadata: { filler: 'f'.repeat(900) } })
        expect(waitingLogEvents(tp.platform)).toBeLessThan(20)
      } finally {
        overrideLogSettings(tp.platform, { bufferMaxBytes: 16 * 1024 * 1024 })
      }
      const kept = await events('edge_logs', { search: 'budget marker' })
      expect(kept.length).toBeGreaterThan(0)
      expect(kept.length).toBeLessThan(20)
    })

    it('writes an event first recorded inside a control-plane transaction', async () => {
      await flushLogs(tp.platform)
      overrideLogSettings(tp.platform, { flushIntervalMs: 10 })
      try {
        await tp.platform.db.transaction(async (tx) => {
          await tx.query('select 1')
          recordLog(tp.platform, { projectRef: ref, source: 'edge_logs', level: 'info', message: 'recorded in a transaction', metadata: {} })
        })
        // The scheduled write takes it, not the flush below.
        while (waitingLogEvents(tp.platform) > 0) await new Promise((resolve) => setTimeout(resolve, 5))
      } finally {
        overrideLogSettings(tp.platform, { flushIntervalMs: 1000 })
      }
      expect((await events('edge_logs', { search: 'recorded in a transaction' })).length).toBe(1)
    })

    it('records no sign-in whose transaction rolls back, and one that commits', async () => {
      const user = (await findUserById(tp.platform.db, owner.userId))!
      await tp.platform.db
        .transaction(async (tx) => {
          await issueSession(tp.platform, tx, user, { method: 'rolled-back-method' })
          throw new Error('roll back')
        })
        .catch(() => undefined)
      await tp.platform.db.transaction((tx) => issueSession(tp.platform, tx, user, { method: 'committed-method' }))
      const logins = await events('auth_logs')
      expect(logins.some((e) => e.metadata.method === 'rolled-back-method')).toBe(false)
      expect(logins.some((e) => e.metadata.method === 'committed-method')).toBe(true)
    })

    it('refuses an end far in the future, and lowers one a little after now', async () => {
      const far = await tp.call('GET', logsPath({ end: '9999-12-31T00:00:00Z' }), { token: owner.token })
      expect(far.status).toBe(400)
      expect(far.body.message).toMatch(/end must not be later than now/)
      const before = Date.now()
      const near = await tp.call('GET', logsPath({ start: new Date(before - 3_600_000).toISOString(), end: new Date(before + 120_000).toISOString() }), {
        token: owner.token,
      })
      expect(near.status).toBe(200)
      expect(Date.parse(near.body.end)).toBeLessThanOrEqual(Date.now())
      expect(near.body.histogram.buckets.length).toBeLessThanOrEqual(60)
    })

    it("raises a start a few minutes before the plan's retention instead of refusing it", async () => {
      const start = new Date(Date.now() - 86_400_000 - CLOCK_SLACK_MS / 2).toISOString()
      const res = await tp.call('GET', logsPath({ start }), { token: owner.token })
      expect(res.status).toBe(200)
      expect(Date.parse(res.body.start)).toBeGreaterThan(Date.parse(start))
    })

    it('leaves an event exactly at end out of the events and the histogram alike', async () => {
      const end = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000)
      const start = new Date(end.getTime() - 3_600_000)
      await insertEventAt('edge marker at end', end)
      await insertEventAt('edge marker before end', new Date(end.getTime() - 1))
      await insertEventAt('edge marker at start', start)
      const res = await tp.call('GET', logsPath({ search: 'edge marker', start: start.toISOString(), end: end.toISOString() }), { token: owner.token })
      expect(res.status).toBe(200)
      expect(res.body.events.map((e: Event) => e.event_message).sort()).toEqual(['edge marker at start', 'edge marker before end'])
      const buckets: { count: number }[] = res.body.histogram.buckets
      expect(res.body.histogram.bucketSeconds).toBe(60)
      expect(buckets).toHaveLength(60)
      expect(buckets.reduce((sum, b) => sum + b.count, 0)).toBe(2)
      expect(buckets[0].count).toBe(1)
      expect(buckets[59].count).toBe(1)
    })

    it('prunes each organization by its own plan, in as many batches as it takes', async () => {
      await tp.platform.db.query(`update organizations set plan = 'team' where id = $1`, [other.orgId])
      await insertEvent('prune marker team keeps', '10 days', 'edge_logs', other.ref)
      await insertEvent('prune marker team drops', '40 days', 'edge_logs', other.ref)
      for (let i = 0; i < 5; i++) await insertEvent(`prune marker free drops ${i}`, '3 days')
      expect(await pruneLogs(tp.platform, 2)).toBeGreaterThanOrEqual(6)
      const left = await tp.platform.db.query<{ event_message: string }>(`select event_message from log_events where event_message like 'prune marker%'`)
      expect(left.map((r) => r.event_message)).toEqual(['prune marker team keeps'])
    })
  })
}

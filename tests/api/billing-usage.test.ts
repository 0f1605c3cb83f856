// @vitest-environment node
/**
 * Usage measured for real (GET /platform/organizations/{slug}/usage), on an embedded and on a
 * PostgreSQL server backend: database size from the project's database itself, egress of the SQL
 * API (JSON and streamed), compute hours, active projects and monthly active users; the answer's
 * shape, its freshness (a stale sample is taken again on a read, once for concurrent readers),
 * the period's validation, who may read it and what it costs. Then the in-memory egress counter:
 * a flush that fails keeps its bytes, and closing the platform flushes.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usageAnswer, type UsageAnswer, type UsageMetricAnswer } from '@/lib/api-types'
import { emptyUsage, priceUsage, type PeriodUsage } from '@/lib/billing/cost'
import { NOT_OFFERED_NOTE } from '@/lib/billing/metrics'
import { GB, MEASURED_METRICS, USAGE_METRICS, type UsageMetric } from '@/lib/billing/plan-table'
import { dayOf, daysOf, monthOf } from '@/lib/billing/period'
import { sampleUsage } from '@/server/billing/usage-sampling'
import { recordComputeHours } from '@/server/billing/daily-usage'
import { EgressCounter } from '@/server/billing/egress-counter'
import type { Queryable } from '@/server/db/control-plane'
import type { ProjectDbLocation } from '@/server/databases'
import { startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, runSql } from '../helpers/project-backends'

const MB = 1024 * 1024
const PASSWORD = 'correct horse battery staple'
/** About 3 MB of rows that do not compress (each value is under the TOAST threshold). */
const GROW = `create table filler as select g, repeat(md5(g::text), 30) as t from generate_series(1, 3000) g`
/** Long enough that the background sample never runs during the suite: the tests sample when they mean to. */
const INTERVAL_MS = 10 * 60_000

for (const backend of BACKENDS) {
  describe.skipIf(!backend.enabled)(`organization usage: ${backend.name}`, () => {
    let tp: TestPlatform
    let stop: () => Promise<void>

    beforeAll(async () => {
      ;({ tp, stop } = await backend.start({ usageSampleIntervalMs: INTERVAL_MS }))
    })
    afterAll(async () => stop?.())

    let serial = 0
    /** An owner (whose email and password are known) with an organization of their own. */
    async function owner(name = 'Usage Org') {
      const email = `usage-owner-${++serial}-${Date.now()}@example.com`
      const user = await tp.signUp(email, PASSWORD)
      await tp.call('POST', '/platform/profile', { token: user.token })
      const org = (await tp.call('POST', '/platform/organizations', { token: user.token, body: { name } })).body as { id: number; slug: string }
      return { email, token: user.token, org }
    }

    const usageOf = async (token: string, slug: string, query = ''): Promise<UsageAnswer> => {
      const res = await tp.call('GET', `/platform/organizations/${slug}/usage${query}`, { token })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body
    }
    const metricOf = (answer: UsageAnswer, metric: UsageMetric): UsageMetricAnswer => answer.metrics.find((m) => m.metric === metric)!
    const sample = (organizationId: number, now?: Date) => sampleUsage(tp.platform, { organizationId, now })
    /** Bytes of a SQL run's answer exactly as the client received them. */
    const answeredBytes = async (token: string, ref: string, sql: string, query = '') => {
      const res = await fetch(`${tp.url}/platform/pg-meta/${ref}/query${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: sql }),
      })
      expect(res.status).toBe(200)
      return (await res.arrayBuffer()).byteLength
    }

    it("database size grows when a project's database grows, per project and per day", async () => {
      const { token, org } = await owner()
      const ref = await activeProject(tp, token, org.slug)
      const first = await usageOf(token, org.slug)
      const before = metricOf(first, 'DATABASE_SIZE').projects.find((p) => p.ref === ref)!.value
      expect(before).toBeGreaterThan(0)

      expect((await runSql(tp, token, ref, GROW)).status).toBe(200)
      await sample(org.id)
      const after = await usageOf(token, org.slug)
      const size = metricOf(after, 'DATABASE_SIZE')
      const project = size.projects.find((p) => p.ref === ref)!
      expect(project.value).toBeGreaterThan(before + 2 * MB)
      expect(size.usage).toBe(project.value)
      // The day's figure is the day's latest measured size.
      const today = size.daily.find((d) => d.date === dayOf(new Date()))!
      expect(today.value).toBe(project.value)
      expect(after.projects).toEqual([expect.objectContaining({ ref, db_size_bytes: project.value })])

      // Cleaned up: the figure is the size now, not the period's (or the day's) largest.
      expect((await runSql(tp, token, ref, 'drop table filler')).status).toBe(200)
      await sample(org.id)
      const cleaned = metricOf(await usageOf(token, org.slug), 'DATABASE_SIZE')
      expect(cleaned.projects.find((p) => p.ref === ref)!.value).toBeLessThan(project.value - 2 * MB)
      expect(cleaned.usage).toBeLessThan(project.value - 2 * MB)
    })

    it('egress grows by the bytes the SQL API answered, JSON and streamed', async () => {
      const { token, org } = await owner()
      const ref = await activeProject(tp, token, org.slug)
      await sample(org.id)
      const before = metricOf(await usageOf(token, org.slug), 'EGRESS').usage

      let answered = 0
      answered += await answeredBytes(token, ref, 'select generate_series(1, 1000) as n')
      answered += await answeredBytes(token, ref, "select repeat('x', 5000) as wide", '?results=all')
      answered += await answeredBytes(token, ref, 'select g, md5(g::text) from generate_series(1, 2000) g', '?format=ndjson')
      expect(answered).toBeGreaterThan(50_000)
      await sample(org.id)
      const egress = metricOf(await usageOf(token, org.slug), 'EGRESS')
      expect(egress.usage - before).toBe(answered)
      expect(egress.projects).toEqual([{ ref, name: expect.any(String), value: egress.usage }])
      expect(egress.daily.reduce((sum, d) => sum + d.value, 0)).toBe(egress.usage)
    })

    it('compute hours grow with the time a project runs, at most two intervals between samples, counted once by concurrent samples', async () => {
      const { token, org } = await owner()
      await activeProject(tp, token, org.slug)
      const hours = async () =>
        (
          await tp.platform.db.query<{ h: number }>(
            `select coalesce(sum(value), 0)::float8 as h from usage_daily where organization_id = $1 and metric = 'COMPUTE_HOURS'`,
            [org.id]
          )
        )[0].h
      const t0 = Date.now()
      await sample(org.id, new Date(t0))
      const h0 = await hours()
      await sample(org.id, new Date(t0 + 45_000))
      expect((await hours()) - h0).toBeCloseTo(45 / 3600, 9)
      // The app was down for an hour: only two intervals are counted.
      await sample(org.id, new Date(t0 + 45_000 + 3600_000))
      expect((await hours()) - h0).toBeCloseTo((45_000 + 2 * INTERVAL_MS) / 3600_000, 9)
      // Two instances sampling the same moment add its time once.
      const t3 = new Date(t0 + 45_000 + 3600_000 + 30_000)
      await Promise.all([sample(org.id, t3), sample(org.id, t3)])
      expect((await hours()) - h0).toBeCloseTo((75_000 + 2 * INTERVAL_MS) / 3600_000, 9)
    })

    it.skipIf(backend.name !== 'server')('compute time of two samples waiting on each other at the same moment is added once', async () => {
      const { token, org } = await owner()
      await activeProject(tp, token, org.slug)
      const base = Date.now()
      const scope = { organizationId: org.id, now: new Date(base + 5 * 60_000) }
      await tp.platform.db.query(`update projects set compute_counted_until = $2 where organization_id = $1`, [org.id, new Date(base - 60_000)])
      // Another connection holds the project's row: both statements start, and wait, before either counts.
      const holder = new pg.Client({ connectionString: tp.platform.config.platformDatabaseUrl })
      await holder.connect()
      try {
        await holder.query('begin')
        await holder.query('select 1 from projects where organization_id = $1 for update', [org.id])
        const both = Promise.all([recordComputeHours(tp.platform.db, scope, 2 * INTERVAL_MS), recordComputeHours(tp.platform.db, scope, 2 * INTERVAL_MS)])
        await new Promise((r) => setTimeout(r, 500))
        await holder.query('commit')
        await both
      } finally {
        await holder.end()
      }
      const [{ h }] = await tp.platform.db.query<{ h: number }>(
        `select sum(value)::float8 as h from usage_daily where organization_id = $1 and metric = 'COMPUTE_HOURS'`,
        [org.id]
      )
      expect(h).toBeCloseTo(6 / 60, 6)
    })

    it("active projects are the day's peak: pausing one leaves today's figure", async () => {
      const { token, org } = await owner()
      const first = await activeProject(tp, token, org.slug)
      await activeProject(tp, token, org.slug)
      await sample(org.id)
      expect(metricOf(await usageOf(token, org.slug), 'ACTIVE_PROJECTS').usage).toBe(2)
      expect((await tp.call('POST', `/platform/projects/${first}/pause`, { token })).status).toBe(200)
      await settle(tp.platform)
      await sample(org.id)
      const active = metricOf(await usageOf(token, org.slug), 'ACTIVE_PROJECTS')
      expect(active.usage).toBe(2)
      expect(active.included).toBe(2)
      const [{ now }] = await tp.platform.db.query<{ now: number }>(
        `select count(*)::int as now from projects where organization_id = $1 and status not in ('INACTIVE', 'REMOVED', 'GOING_DOWN')`,
        [org.id]
      )
      expect(now).toBe(1)
    })

    it('monthly active users count each signed-in member once', async () => {
      const { email, token, org } = await owner()
      await sample(org.id)
      expect(metricOf(await usageOf(token, org.slug), 'MONTHLY_ACTIVE_USERS').usage).toBe(1)
      // Signing in again is the same user.
      const again = await tp.call('POST', '/auth/v1/token?grant_type=password', { body: { email, password: PASSWORD } })
      expect(again.status).toBe(200)
      await sample(org.id)
      expect(metricOf(await usageOf(token, org.slug), 'MONTHLY_ACTIVE_USERS').usage).toBe(1)
      await memberOf(tp, org.id, 'Developer')
      await sample(org.id)
      const users = metricOf(await usageOf(token, org.slug), 'MONTHLY_ACTIVE_USERS')
      expect(users.usage).toBe(2)
      // A day's figure is the distinct users so far in the period.
      expect(users.daily.at(-1)!.value).toBe(2)
    })

    it('answers every metric in order, the not-offered ones as 0 with a note, and validates', async () => {
      const { token, org } = await owner()
      const answer = await usageOf(token, org.slug)
      expect(() => usageAnswer.parse(answer)).not.toThrow()
      expect(answer.metrics.map((m) => m.metric)).toEqual([...USAGE_METRICS])
      const month = monthOf(new Date())
      expect(answer).toMatchObject({ tier: 'tier_free', plan: { id: 'free' }, period_start: month.start.toISOString(), period_end: month.end.toISOString() })
      expect(answer.sample_interval_ms).toBe(INTERVAL_MS)
      expect(answer.sampled_at).not.toBeNull()
      for (const metric of answer.metrics) {
        expect(metric.daily.map((d) => d.date)).toEqual(daysOf(month, new Date()))
        if (MEASURED_METRICS.includes(metric.metric)) expect(metric).toMatchObject({ available: true, note: null })
        else expect(metric).toMatchObject({ available: false, note: NOT_OFFERED_NOTE, usage: 0, projects: [] })
      }
      expect(metricOf(answer, 'EGRESS').included).toBe(5 * GB)
      // Nothing is billed on Free.
      expect(answer.cost_so_far).toMatchObject({ base: 0, usage: 0, credits_applied: 0, total: 0 })
    })

    it('a stale sample is taken again on a read, once for ten concurrent readers', async () => {
      const { token, org } = await owner()
      const ref = await activeProject(tp, token, org.slug)
      const first = await usageOf(token, org.slug)
      const size = metricOf(first, 'DATABASE_SIZE').usage
      expect((await runSql(tp, token, ref, GROW)).status).toBe(200)
      // Within the interval the figures are not measured again.
      expect(metricOf(await usageOf(token, org.slug), 'DATABASE_SIZE').usage).toBe(size)

      await tp.platform.db.query(`update organizations set usage_sampled_at = now() - make_interval(secs => $2) where id = $1`, [org.id, INTERVAL_MS / 1000 + 1])
      const databases = tp.platform.databases
      const measure = databases.sizeBytes
      let measured = 0
      databases.sizeBytes = (location: ProjectDbLocation, region: string) => {
        if (location.ref === ref) measured++
        return measure(location, region)
      }
      try {
        const answers = await Promise.all(Array.from({ length: 10 }, () => usageOf(token, org.slug)))
        expect(measured).toBe(1)
        for (const answer of answers) expect(metricOf(answer, 'DATABASE_SIZE').usage).toBeGreaterThan(size + 2 * MB)
        expect(Date.parse(answers[0].sampled_at!)).toBeGreaterThan(Date.parse(first.sampled_at!))
      } finally {
        databases.sizeBytes = measure
      }
    })

    it('refuses a period that is not one, naming the field', async () => {
      const { token, org } = await owner()
      const bad = async (query: string, words: RegExp) => {
        const res = await tp.call('GET', `/platform/organizations/${org.slug}/usage${query}`, { token })
        expect(res.status).toBe(400)
        expect(res.body.message).toMatch(words)
      }
      await bad('?start=yesterday', /^start must be a date/)
      await bad('?start=2026-02-30', /^start is not a valid date/)
      await bad('?end=2026-13-01', /^end is not a valid date/)
      await bad('?start=2026-03-01&end=2026-02-01', /^end .* must be after start/)
      // Years Postgres or a Date would carry out of range, with or without an offset.
      await bad('?start=0000-01-01&end=0000-01-02', /^start must fall between the years 1970 and 9000/)
      await bad('?start=9999-12-31T23:00:00-14:00&end=9999-12-31T23:59:59-14:00', /^start must fall between the years/)
      await bad('?start=2024-01-01&end=2026-01-01', /366 days/)

      // A past month: a figure per day, nothing projected beyond what was used.
      const past = await usageOf(token, org.slug, '?start=2020-02-01&end=2020-03-01')
      expect(past.period_start).toBe('2020-02-01T00:00:00.000Z')
      expect(metricOf(past, 'EGRESS').daily).toHaveLength(29)
      expect(past.cost_projected).toEqual(past.cost_so_far)
      expect((await usageOf(token, org.slug, '?start=2020-02-01T12:00:00%2B02:00&end=2020-02-02')).period_start).toBe('2020-02-01T10:00:00.000Z')
    })

    it('Developer and Read-only members read usage', async () => {
      const { org } = await owner()
      for (const role of ['Developer', 'Read-only'] as const) {
        const token = await memberOf(tp, org.id, role)
        expect((await tp.call('GET', `/platform/organizations/${org.slug}/usage`, { token })).status).toBe(200)
      }
    })

    it("prices the period on the organization's tier: the answered cost is priceUsage of the answered figures", async () => {
      const { token, org } = await owner()
      const ref = await activeProject(tp, token, org.slug)
      await tp.platform.db.query(`update organizations set tier = 'tier_payg', plan = 'pro' where id = $1`, [org.id])
      await sample(org.id)
      await tp.platform.db.query(
        `insert into usage_daily (organization_id, day, metric, project_ref, project_name, value) values ($1, $2, 'EGRESS', $3, 'P', $4)
         on conflict (organization_id, day, metric, project_ref) do update set value = usage_daily.value + excluded.value`,
        [org.id, dayOf(new Date()), ref, 300 * GB]
      )
      const answer = await usageOf(token, org.slug)
      expect(answer.tier).toBe('tier_payg')
      const usage: PeriodUsage = { ...emptyUsage(), databaseSizes: metricOf(answer, 'DATABASE_SIZE').projects.map((p) => p.value) }
      for (const metric of answer.metrics) usage[metric.metric] = metric.usage
      const priced = priceUsage('tier_payg', usage)
      expect(answer.cost_so_far).toEqual({ base: 25, lines: priced.lines, usage: priced.usage, credits_applied: priced.creditsApplied, total: priced.total })
      // 50 GB beyond the 250 GB included, at $0.09 per GB.
      expect(metricOf(answer, 'EGRESS').usage).toBe(300 * GB)
      const egress = answer.cost_so_far.lines.find((line) => line.metric === 'EGRESS')!
      expect(egress).toMatchObject({ billed: true, overage: 50 * GB })
      expect(egress.amount).toBeCloseTo(4.5, 9)
      expect(answer.cost_projected.total).toBeGreaterThanOrEqual(answer.cost_so_far.total)
      expect(answer.database_size_quota_bytes).toBeNull()
    })
  })
}

describe('egress counted in memory', () => {
  const recorder = () => {
    const calls: unknown[][] = []
    const db: Queryable = {
      query: async <T,>(_sql: string, params: unknown[] = []) => {
        calls.push(params)
        return [] as T[]
      },
      exec: async () => undefined,
    }
    return { db, calls }
  }

  it('adds per project and day, and a flush that fails keeps its bytes for the next one', async () => {
    const counter = new EgressCounter()
    const day = new Date('2026-03-04T10:00:00Z')
    counter.count(7, 100, day)
    counter.count(7, 50, day)
    counter.count(8, 1, new Date('2026-03-05T00:00:01Z'))
    const failing: Queryable = { query: async () => Promise.reject(new Error('control plane away')), exec: async () => undefined }
    await expect(counter.flush(failing)).rejects.toThrow('control plane away')
    expect(counter.unflushed).toBe(151)
    const { db, calls } = recorder()
    await counter.flush(db)
    expect(calls).toEqual([[['2026-03-04', '2026-03-05'], [7, 8], [150, 1], 'EGRESS']])
    expect(counter.unflushed).toBe(0)
    await counter.flush(db)
    expect(calls).toHaveLength(1)
  })

  it('bytes counted while a flush is writing wait for the next flush', async () => {
    const counter = new EgressCounter()
    counter.count(1, 10)
    let release!: () => void
    const slow: Queryable = { query: () => new Promise((resolve) => (release = () => resolve([]))), exec: async () => undefined }
    const flushing = counter.flush(slow)
    counter.count(1, 5)
    release()
    await flushing
    expect(counter.unflushed).toBe(5)
  })

  it('closing the platform adds what was counted', async () => {
    const tp = await startTestPlatform()
    const user = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: user.token })
    const org = (await tp.call('POST', '/platform/organizations', { token: user.token, body: { name: 'Closing Org' } })).body as { id: number; slug: string }
    const ref = await activeProject(tp, user.token, org.slug)
    expect((await runSql(tp, user.token, ref, 'select 1')).status).toBe(200)
    const writes: unknown[][] = []
    const query = tp.platform.db.query.bind(tp.platform.db)
    tp.platform.db.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes('insert into usage_daily') && params?.[3] === 'EGRESS') writes.push(params)
      return query(sql, params)
    }) as typeof tp.platform.db.query
    await tp.close()
    expect(writes).toHaveLength(1)
    expect(writes[0][2]).toEqual([expect.any(Number)])
    expect((writes[0][2] as number[])[0]).toBeGreaterThan(0)
  })
})

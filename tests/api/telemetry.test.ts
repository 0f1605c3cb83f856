// @vitest-environment node
/**
 * Telemetry and client error reports over HTTP: what is stored and under whom, the anonymous id's
 * link to a user (identify, reset), each user seeing and deleting only their own rows, garbage
 * and oversized bodies, rate limits, daily caps on what anonymous callers store, the operators'
 * listing of error reports, and retention.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TELEMETRY_PAGE_MAX_BODY_BYTES, TELEMETRY_URL_MAX } from '@/lib/api-types'
import { signServiceToken } from '@/server/auth/jwt'
import { pruneTelemetry } from '@/server/telemetry/retention'
import { pruneDailyCaps, storedBytes } from '@/server/security/daily-caps'
import { accountKey } from '@/server/security/rate-limit'
import type { TelemetryConfig } from '@/server/telemetry/config'
import { startTestPlatform, startTwoInstances, type TestPlatform } from '../helpers/test-platform'
import { pgClusterAvailable } from '../helpers/pg-cluster'

const page = (anonymousId: string, over: Record<string, unknown> = {}) => ({
  page_url: 'http://localhost:3000/projects?tab=all',
  page_title: 'Projects',
  pathname: '/projects',
  ph: { referrer: 'https://example.com/', language: 'en-US', user_agent: 'test agent', search: '?tab=all', viewport_height: 800, viewport_width: 1280 },
  feature_flags: { newNav: true },
  anonymous_id: anonymousId,
  ...over,
})

const event = (anonymousId: string, over: Record<string, unknown> = {}) => ({
  action: 'feature_preview_enabled',
  custom_properties: { preview: 'inline-editor' },
  page_url: 'http://localhost:3000/project/abc/sql/new',
  page_title: 'SQL editor',
  pathname: '/project/abc/sql/new',
  groups: { project: 'abc', organization: 'acme' },
  anonymous_id: anonymousId,
  ...over,
})

type Row = { kind: string; event: string; properties: Record<string, any> }

/** Telemetry's settings for a suite: the default retention, and no rate limit nor daily cap but those given. */
const telemetrySettings = (given: Partial<TelemetryConfig>): TelemetryConfig => ({
  retentionDays: 90,
  errorReportRetentionDays: 30,
  perIp: { limit: 0, windowSeconds: 300 },
  errorReportsPerIp: { limit: 0, windowSeconds: 300 },
  dailyBytes: { perAddressBytes: 0, totalBytes: 0 },
  errorReportDailyBytes: { perAddressBytes: 0, totalBytes: 0 },
  ...given,
})

describe('telemetry', () => {
  let tp: TestPlatform
  let alice: { token: string; userId: string }
  let bob: { token: string; userId: string }

  beforeAll(async () => {
    tp = await startTestPlatform()
    alice = await tp.signUp()
    bob = await tp.signUp()
    for (const u of [alice, bob]) await tp.call('POST', '/platform/profile', { token: u.token })
  })
  afterAll(async () => tp?.close())

  const mine = async (token: string, query = '') => {
    const res = await tp.call('GET', `/platform/telemetry/me${query}`, { token })
    expect(res.status).toBe(200)
    return res.body as { data: Row[]; cursor: string | null }
  }
  const rowsOf = (anonymousId: string) =>
    tp.platform.db.query<{ user_id: string | null; event: string }>(`select user_id, event from telemetry_events where anonymous_id = $1 order by id`, [anonymousId])

  it('stores an anonymous page view under the anonymous id only, for nobody to read', async () => {
    const anon = randomUUID()
    const res = await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })
    expect(res.status).toBe(204)
    const [row] = await tp.platform.db.query<{ user_id: string | null; kind: string; event: string; properties: any }>(
      `select user_id, kind, event, properties from telemetry_events where anonymous_id = $1`,
      [anon]
    )
    expect(row).toMatchObject({ user_id: null, kind: 'page', event: 'page_view' })
    expect(row.properties).toMatchObject({ page_url: 'http://localhost:3000/projects?tab=all', pathname: '/projects', ph: { language: 'en-US', viewport_width: 1280 }, feature_flags: { newNav: true } })
    expect(row.properties).not.toHaveProperty('anonymous_id')
    expect((await mine(alice.token)).data.map((r) => r.event)).not.toContain('page_view')
  })

  it('shows the sign-up conversion recorded with the profile as the user’s own', async () => {
    expect((await mine(alice.token)).data).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'event', event: 'sign_up' })]))
  })

  it('identify links the browser: its earlier and later page views and events become the user’s, until a reset', async () => {
    const anon = randomUUID()
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon, { page_title: 'Sign in', pathname: '/sign-in', page_url: 'http://localhost:3000/sign-in' }) })

    // Nobody identifies as someone else, whatever the anonymous id.
    const forged = await tp.call('POST', '/platform/telemetry/identify', { token: bob.token, body: { user_id: alice.userId, anonymous_id: anon } })
    expect(forged.status).toBe(403)
    expect(forged.body.message).toMatch(/only identify as yourself/)
    expect((await rowsOf(anon)).every((r) => r.user_id === null)).toBe(true)

    const ok = await tp.call('POST', '/platform/telemetry/identify', { token: alice.token, body: { user_id: alice.userId.toUpperCase(), anonymous_id: anon } })
    expect(ok.status).toBe(204)
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon, { leave: true }) })
    await tp.call('POST', '/platform/telemetry/event', { body: event(anon) })
    expect((await rowsOf(anon)).map((r) => [r.event, r.user_id])).toEqual([
      ['page_view', alice.userId],
      ['identify', alice.userId],
      ['page_leave', alice.userId],
      ['feature_preview_enabled', alice.userId],
    ])
    const own = (await mine(alice.token)).data
    expect(own[0]).toMatchObject({ kind: 'event', event: 'feature_preview_enabled', properties: { custom_properties: { preview: 'inline-editor' }, groups: { project: 'abc' } } })
    expect(own.map((r) => r.event)).toEqual(expect.arrayContaining(['page_view', 'page_leave', 'identify']))
    expect((await mine(bob.token)).data.map((r) => r.event)).toEqual(['sign_up'])

    // Sign-out resets: what the browser sends next is nobody's.
    expect((await tp.call('POST', '/platform/telemetry/reset', { token: alice.token })).status).toBe(204)
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })
    expect((await rowsOf(anon)).at(-1)).toEqual({ user_id: null, event: 'page_view' })
  })

  it('a later sign-in of another account on the same browser takes the link over', async () => {
    const anon = randomUUID()
    await tp.call('POST', '/platform/telemetry/identify', { token: alice.token, body: { user_id: alice.userId, anonymous_id: anon } })
    await tp.call('POST', '/platform/telemetry/identify', { token: bob.token, body: { user_id: bob.userId, anonymous_id: anon } })
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })
    expect((await rowsOf(anon)).at(-1)).toEqual({ user_id: bob.userId, event: 'page_view' })
  })

  it('a page view that arrives while its browser is being identified is the user’s too', async () => {
    // Right after sign-up the browser sends identify and the next page view together. Hold the
    // identify in flight (its link to the user waits on a lock of the user's row), send the page
    // view meanwhile, then let the identify finish: the page view must not stay nobody's.
    const dave = await tp.signUp()
    const anon = randomUUID()
    // Sessions of this platform's control plane waiting for a lock (the server is shared with other suites).
    const waitingOnLocks = async () =>
      (
        await tp.platform.db.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
        )
      )[0].waiting
    let identified: Promise<{ status: number }> | undefined
    let viewed: Promise<{ status: number }> | undefined
    let viewDone = false
    await tp.platform.db.transaction(async (tx) => {
      await tx.query(`select 1 from users where id = $1 for update`, [dave.userId])
      identified = tp.call('POST', '/platform/telemetry/identify', { token: dave.token, body: { user_id: dave.userId, anonymous_id: anon } })
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThan(0), { timeout: 15_000 })
      viewed = tp.call('POST', '/platform/telemetry/page', { body: page(anon) }).finally(() => (viewDone = true))
      // The page view either waits for the identify or is stored at once.
      // (Waited for generously: on a busy machine the page view takes its time to arrive.)
      await vi.waitFor(async () => expect(viewDone || (await waitingOnLocks()) > 1).toBe(true), { timeout: 15_000 })
    })
    expect((await identified)?.status).toBe(204)
    expect((await viewed)?.status).toBe(204)
    expect(await rowsOf(anon)).toEqual(
      expect.arrayContaining([
        { user_id: dave.userId, event: 'page_view' },
        { user_id: dave.userId, event: 'identify' },
      ])
    )
  })

  it('records groups and feature flags for the caller', async () => {
    const { token } = await tp.signUp()
    const calls: [string, unknown][] = [
      ['/platform/telemetry/groups/identify', { organization_slug: 'acme', project_ref: 'abcdefghijklmnopqrst' }],
      ['/platform/telemetry/groups/reset', { reset_project: true }],
      ['/platform/telemetry/feature-flags/track', { feature_flag_name: 'newNav', feature_flag_value: 'variant-b' }],
    ]
    for (const [path, body] of calls) expect((await tp.call('POST', path, { token, body })).status).toBe(204)
    expect((await mine(token)).data.map(({ kind, event, properties }) => ({ kind, event, properties }))).toEqual([
      { kind: 'feature_flag', event: 'feature_flag_called', properties: { feature_flag_name: 'newNav', feature_flag_value: 'variant-b' } },
      { kind: 'groups', event: 'groups_reset', properties: { reset_organization: false, reset_project: true } },
      { kind: 'groups', event: 'groups_identify', properties: { organization_slug: 'acme', project_ref: 'abcdefghijklmnopqrst' } },
    ])
  })

  it('pages through a user’s rows, newest first', async () => {
    const { token } = await tp.signUp()
    for (let i = 0; i < 5; i++) await tp.call('POST', '/platform/telemetry/feature-flags/track', { token, body: { feature_flag_name: `flag${i}`, feature_flag_value: i } })
    const first = await mine(token, '?limit=2')
    expect(first.data.map((r) => r.properties.feature_flag_name)).toEqual(['flag4', 'flag3'])
    const second = await mine(token, `?limit=2&cursor=${first.cursor}`)
    expect(second.data.map((r) => r.properties.feature_flag_name)).toEqual(['flag2', 'flag1'])
    const last = await mine(token, `?limit=2&cursor=${second.cursor}`)
    expect(last.data.map((r) => r.properties.feature_flag_name)).toEqual(['flag0'])
    expect(last.cursor).toBeNull()
    for (const bad of ['?limit=0', '?limit=101', '?limit=x', '?cursor=abc', '?cursor=-1']) {
      const res = await tp.call('GET', `/platform/telemetry/me${bad}`, { token })
      expect(res.status, bad).toBe(400)
    }
  })

  it('refuses properties nested deeper than any schema check can walk with a 400, not a 500', async () => {
    // Written out by hand: JSON.stringify itself cannot go this deep.
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`
    const rawBody = JSON.stringify(event(randomUUID(), { custom_properties: { a: 'DEEP' } })).replace('"DEEP"', deep)
    const res = await tp.call('POST', '/platform/telemetry/event', { rawBody })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/nested too deeply/)
  })

  it('deletes all of the caller’s rows and links, and nobody else’s', async () => {
    const carol = await tp.signUp()
    await tp.call('POST', '/platform/profile', { token: carol.token })
    const anon = randomUUID()
    await tp.call('POST', '/platform/telemetry/identify', { token: carol.token, body: { user_id: carol.userId, anonymous_id: anon } })
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })
    const bobBefore = (await mine(bob.token)).data.length
    expect((await mine(carol.token)).data.length).toBe(3) // sign_up, identify, page_view

    const res = await tp.call('DELETE', '/platform/telemetry/me', { token: carol.token })
    expect(res).toMatchObject({ status: 200, body: { deleted: 3 } })
    expect((await mine(carol.token)).data).toEqual([])
    expect((await mine(bob.token)).data.length).toBe(bobBefore)
    // The link went too: the browser's next page view is nobody's.
    await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })
    expect((await rowsOf(anon)).map((r) => r.user_id)).toEqual([null])
    expect((await tp.call('DELETE', '/platform/telemetry/me', { token: carol.token })).body).toEqual({ deleted: 0 })
  })

  it('needs a session for everything that names a user', async () => {
    for (const [method, path, body] of [
      ['GET', '/platform/telemetry/me', undefined],
      ['DELETE', '/platform/telemetry/me', undefined],
      ['POST', '/platform/telemetry/identify', { user_id: alice.userId }],
      ['POST', '/platform/telemetry/reset', undefined],
      ['POST', '/platform/telemetry/groups/identify', { organization_slug: 'acme' }],
    ] as const)
      expect((await tp.call(method, path, { body })).status, `${method} ${path}`).toBe(401)
  })

  it.each([
    ['a NUL character', page(randomUUID(), { page_title: 'a\u0000b' }), /NUL/],
    ['a lone surrogate', page(randomUUID(), { page_title: 'a\uD800b' }), /page_title is not valid Unicode text/],
    ['a lone surrogate in custom properties', event(randomUUID(), { custom_properties: { ['k\uDC00']: 1 } }), /custom_properties/],
    ['no anonymous id', { ...page(randomUUID()), anonymous_id: undefined }, /anonymous_id is required/],
    ['a malformed anonymous id', page('not-a-uuid'), /anonymous_id must be a UUID/],
    ['a javascript: URL', page(randomUUID(), { page_url: 'javascript:alert(1)' }), /page_url must be an http\(s\) URL/],
    ['an overlong URL', page(randomUUID(), { page_url: `http://localhost/${'a'.repeat(TELEMETRY_URL_MAX)}` }), /page_url must be at most 2048 characters/],
    ['a path not starting with /', page(randomUUID(), { pathname: 'projects' }), /pathname must start with \//],
    ['a negative viewport', page(randomUUID(), { ph: { viewport_width: -1 } }), /ph.viewport_width must not be negative/],
    ['a flag of an object value', page(randomUUID(), { feature_flags: { a: { b: 1 } } }), /feature flag value/],
    ['a list instead of a payload', [1, 2, 3], /expected object|must be an object|is required/],
    ['a number', 42, /expected object|is required/],
  ])('refuses a page view with %s (400, a clear message)', async (_name, body, message) => {
    const path = (body as { action?: string }).action ? '/platform/telemetry/event' : '/platform/telemetry/page'
    const res = await tp.call('POST', path, { body })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(message)
  })

  it('refuses garbage elsewhere too', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['/platform/telemetry/event', event(randomUUID(), { action: 'has spaces' }), /action may hold only/],
      ['/platform/telemetry/event', event(randomUUID(), { custom_properties: { big: 'x'.repeat(9000) } }), /custom_properties must be at most 8 KB/],
      ['/platform/telemetry/event', event(randomUUID(), { groups: { project: '../etc' } }), /groups.project is not valid/],
      ['/platform/telemetry/groups/identify', {}, /Name an organization_slug, a project_ref or both/],
      ['/platform/telemetry/groups/reset', { reset_organization: false }, /Set reset_organization, reset_project or both/],
      ['/platform/telemetry/feature-flags/track', { feature_flag_name: 'x', feature_flag_value: [1] }, /feature flag value/],
      ['/platform/telemetry/identify', { user_id: 'me' }, /user_id must be a UUID/],
    ]
    for (const [path, body, message] of cases) {
      const res = await tp.call('POST', path, { token: alice.token, body })
      expect({ path, status: res.status, message: res.body.message }).toMatchObject({ status: 400, message: expect.stringMatching(message) })
    }
  })

  it('refuses bodies over the route’s limit (413) and non-JSON bodies (400)', async () => {
    const huge = JSON.stringify(page(randomUUID(), { page_title: 'x'.repeat(TELEMETRY_PAGE_MAX_BODY_BYTES) }))
    expect((await tp.call('POST', '/platform/telemetry/page', { rawBody: huge })).status).toBe(413)
    const broken = await tp.call('POST', '/platform/telemetry/page', { rawBody: '{"page_url":' })
    expect(broken).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } })
  })
})

describe('client error reports', () => {
  let tp: TestPlatform
  let service: string

  beforeAll(async () => {
    tp = await startTestPlatform()
    service = await signServiceToken(tp.platform.jwtSecret, 600)
  })
  afterAll(async () => tp?.close())

  const report = (over: Record<string, unknown> = {}) => ({
    tag: 'globalErrorBoundary',
    message: 'x is not a function',
    stack: 'TypeError: x is not a function\n    at Editor (editor.js:1:1)',
    pathname: '/project/abc/sql/new',
    request_id: 'req-123',
    ...over,
  })

  it('are accepted without a session and stored with nothing that names the person', async () => {
    expect((await tp.call('POST', '/platform/error-reports', { body: report() })).status).toBe(204)
    const { token } = await tp.signUp()
    expect((await tp.call('POST', '/platform/error-reports', { token, body: report({ tag: 'sqlEditor', stack: null, request_id: undefined }) })).status).toBe(204)
    const columns = (await tp.platform.db.query<{ column_name: string }>(`select column_name from information_schema.columns where table_name = 'client_error_reports'`)).map((c) => c.column_name)
    expect(columns.sort()).toEqual(['created_at', 'id', 'message', 'pathname', 'request_id', 'stack', 'tag'])
  })

  it('are listed for operators holding the service role only, newest first, by tag and page', async () => {
    const { token } = await tp.signUp()
    expect((await tp.call('GET', '/platform/error-reports')).status).toBe(401)
    expect((await tp.call('GET', '/platform/error-reports', { token })).status).toBe(403)

    const all = await tp.call('GET', '/platform/error-reports', { token: service })
    expect(all.status).toBe(200)
    expect(all.body.data.map((r: any) => r.tag)).toEqual(['sqlEditor', 'globalErrorBoundary'])
    expect(all.body.data[1]).toMatchObject({ message: 'x is not a function', pathname: '/project/abc/sql/new', request_id: 'req-123', stack: expect.stringContaining('Editor') })
    expect(all.body.data[0]).toMatchObject({ stack: null, request_id: null })

    const tagged = await tp.call('GET', '/platform/error-reports?tag=globalErrorBoundary', { token: service })
    expect(tagged.body.data).toHaveLength(1)
    const first = await tp.call('GET', '/platform/error-reports?limit=1', { token: service })
    expect(first.body.data.map((r: any) => r.tag)).toEqual(['sqlEditor'])
    const second = await tp.call('GET', `/platform/error-reports?limit=1&cursor=${first.body.cursor}`, { token: service })
    expect(second.body).toMatchObject({ data: [{ tag: 'globalErrorBoundary' }], cursor: null })
  })

  it.each([
    ['no message', report({ message: '' }), /message is required/],
    ['an overlong stack', report({ stack: 'x'.repeat(20_001) }), /stack must be at most 20000 characters/],
    ['a tag of free text', report({ tag: 'my tag' }), /tag may hold only/],
    ['a NUL character', report({ message: 'a\u0000' }), /NUL/],
    ['a request id of garbage', report({ request_id: 'a b' }), /request_id may hold only/],
  ])('refuses a report with %s', async (_name, body, message) => {
    const res = await tp.call('POST', '/platform/error-reports', { body })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(message)
  })
})

describe('rate limits and retention', () => {
  let tp: TestPlatform

  beforeAll(async () => {
    tp = await startTestPlatform({
      telemetry: telemetrySettings({ perIp: { limit: 3, windowSeconds: 300 }, errorReportsPerIp: { limit: 2, windowSeconds: 300 } }),
    })
  })
  afterAll(async () => tp?.close())

  it('counts telemetry writes and error reports per client address', async () => {
    const anon = randomUUID()
    const statuses = []
    for (let i = 0; i < 4; i++) statuses.push((await tp.call('POST', '/platform/telemetry/page', { body: page(anon) })).status)
    expect(statuses).toEqual([204, 204, 204, 429])
    const refused = await tp.call('POST', '/platform/telemetry/event', { body: event(anon) })
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/)

    const body = { tag: 't', message: 'm', pathname: '/' }
    const reports = []
    for (let i = 0; i < 3; i++) reports.push((await tp.call('POST', '/platform/error-reports', { body })).status)
    expect(reports).toEqual([204, 204, 429])
  })

  it('deletes telemetry, links and error reports older than their retention', async () => {
    const { token, userId } = await tp.signUp()
    const db = tp.platform.db
    await db.query(`insert into telemetry_events (kind, event, user_id, created_at) values ('event', 'old', $1, now() - interval '91 days'), ('event', 'recent', $1, now() - interval '89 days')`, [userId])
    await db.query(`insert into telemetry_identities (anonymous_id, user_id, linked_at) values ($1, $2, now() - interval '91 days'), ($3, $2, now())`, [randomUUID(), userId, randomUUID()])
    await db.query(`insert into client_error_reports (tag, message, pathname, created_at) values ('old', 'm', '/', now() - interval '31 days'), ('recent', 'm', '/', now() - interval '29 days')`)

    await pruneTelemetry(tp.platform)

    expect((await tp.call('GET', '/platform/telemetry/me', { token })).body.data.map((r: Row) => r.event)).toEqual(['recent'])
    expect(await db.query(`select count(*)::int as n from telemetry_identities where user_id = $1`, [userId])).toEqual([{ n: 1 }])
    expect((await db.query<{ tag: string }>(`select tag from client_error_reports where tag in ('old', 'recent')`)).map((r) => r.tag)).toEqual(['recent'])
  })

  it('prunes a backlog in batches', async () => {
    const db = tp.platform.db
    await db.query(`insert into telemetry_events (kind, event, created_at) select 'event', 'backlog', now() - interval '100 days' from generate_series(1, 5)`)
    await pruneTelemetry(tp.platform, 2)
    expect(await db.query(`select count(*)::int as n from telemetry_events where event = 'backlog'`)).toEqual([{ n: 3 }])
  })
})

describe('daily caps on what anonymous callers store', () => {
  let tp: TestPlatform
  // What one page view of the tests costs against the caps: its stored texts plus a row.
  const { anonymous_id: _id, ...stored } = page(randomUUID())
  const PAGE_BYTES = storedBytes('page', 'page_view', JSON.stringify(stored))
  const report = { tag: 'capped', message: 'm'.repeat(900), pathname: '/' }
  const REPORT_BYTES = storedBytes(report.tag, report.message, report.pathname)

  beforeAll(async () => {
    tp = await startTestPlatform({
      trustProxyHops: 1,
      telemetry: telemetrySettings({
        // Three page views per address, five in all; two reports per address, three in all.
        dailyBytes: { perAddressBytes: 3 * PAGE_BYTES, totalBytes: 5 * PAGE_BYTES },
        errorReportDailyBytes: { perAddressBytes: 2 * REPORT_BYTES, totalBytes: 3 * REPORT_BYTES },
      }),
    })
  })
  afterAll(async () => tp?.close())

  /** A public POST from client address `address` (behind one trusted proxy). */
  const postFrom = async (address: string, path: string, body: unknown) => (await tp.call('POST', path, { from: address, body })).status
  const storedUnder = async (anonymousId: string) =>
    (await tp.platform.db.query<{ n: number }>(`select count(*)::int as n from telemetry_events where anonymous_id = $1`, [anonymousId]))[0].n
  const usage = (bucket: string, address: string) =>
    tp.platform.db.query<{ bytes: string; rows: number; dropped: number }>(
      `select bytes::text as bytes, rows, dropped from anonymous_storage_usage where bucket = $1 and key = $2 and day = (now() at time zone 'utc')::date`,
      [bucket, address === '*' ? '*' : accountKey(address)]
    )

  it('stores page views and events up to an address’s cap, then from others up to the total, then nothing; drops answer 204 and are counted and logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
      const fromA = []
      for (let i = 0; i < 5; i++) fromA.push(await postFrom('203.0.113.1', '/platform/telemetry/page', page(a)))
      expect(fromA).toEqual([204, 204, 204, 204, 204])
      expect(await storedUnder(a)).toBe(3)
      // Another address still stores, until the day's total is reached.
      for (let i = 0; i < 3; i++) expect(await postFrom('203.0.113.2', '/platform/telemetry/page', page(b))).toBe(204)
      expect(await storedUnder(b)).toBe(2)
      // Past the total nothing stores, from any address, events included.
      expect(await postFrom('203.0.113.3', '/platform/telemetry/page', page(c))).toBe(204)
      expect(await postFrom('203.0.113.3', '/platform/telemetry/event', event(c))).toBe(204)
      expect(await storedUnder(c)).toBe(0)

      // The counters are rows of the control plane, so every app instance counts together.
      expect(await usage('telemetry', '203.0.113.1')).toEqual([{ bytes: String(3 * PAGE_BYTES), rows: 3, dropped: 2 }])
      expect(await usage('telemetry', '*')).toEqual([{ bytes: String(5 * PAGE_BYTES), rows: 5, dropped: 3 }])
      const logged = warn.mock.calls.map((args) => String(args[0]))
      expect(logged).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\[telemetry\] daily storage cap of one client address \([0-9a-f]{8}\) reached: 1 item dropped today$/),
          expect.stringMatching(/^\[telemetry\] daily storage cap of all callers reached: 1 item dropped today$/),
        ])
      )
      // A line at the 1st, 10th, 100th … drop, not one per drop.
      expect(logged.filter((line) => line.includes('dropped today'))).toHaveLength(2)
    } finally {
      warn.mockRestore()
    }
  })

  it('caps error reports on their own: per address, then in all', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      for (let i = 0; i < 3; i++) expect(await postFrom('203.0.113.1', '/platform/error-reports', report)).toBe(204)
      const capped = async () => (await tp.platform.db.query<{ n: number }>(`select count(*)::int as n from client_error_reports where tag = 'capped'`))[0].n
      expect(await capped()).toBe(2)
      for (let i = 0; i < 2; i++) expect(await postFrom('203.0.113.2', '/platform/error-reports', report)).toBe(204)
      expect(await capped()).toBe(3)
      expect(await postFrom('203.0.113.3', '/platform/error-reports', report)).toBe(204)
      expect(await capped()).toBe(3)
      expect(await usage('error-reports', '*')).toEqual([{ bytes: String(3 * REPORT_BYTES), rows: 3, dropped: 2 }])
    } finally {
      warn.mockRestore()
    }
  })

  it('forgets the counters of days gone', async () => {
    await tp.platform.db.query(`insert into anonymous_storage_usage (day, bucket, key, bytes, rows) values ((now() at time zone 'utc')::date - 3, 'telemetry', 'old', 1, 1)`)
    await pruneDailyCaps(tp.platform)
    expect(await tp.platform.db.query(`select key from anonymous_storage_usage where key = 'old'`)).toEqual([])
    expect((await usage('telemetry', '*')).length).toBe(1)
  })

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    try {
      // A fresh day: the earlier tests used up the totals.
      await tp.platform.db.query(`delete from anonymous_storage_usage`)
      // Rotating addresses inside one /64 does not buy a fresh budget each time.
      const [a, b] = [randomUUID(), randomUUID()]
      for (let i = 1; i <= 5; i++) expect(await postFrom(`2001:db8:1:2::${i}`, '/platform/telemetry/page', page(a))).toBe(204)
      expect(await storedUnder(a)).toBe(3)
      expect(await usage('telemetry', '2001:db8:1:2::/64')).toEqual([{ bytes: String(3 * PAGE_BYTES), rows: 3, dropped: 2 }])
      // Another /64 is another address.
      expect(await postFrom('2001:db8:1:3::1', '/platform/telemetry/page', page(b))).toBe(204)
      expect(await storedUnder(b)).toBe(1)

      await tp.platform.db.query(`delete from anonymous_storage_usage`)
      for (const from of ['203.0.113.9', '::ffff:203.0.113.9', '::ffff:203.0.113.9']) expect(await postFrom(from, '/platform/error-reports', report)).toBe(204)
      expect(await usage('error-reports', '203.0.113.9')).toEqual([{ bytes: String(2 * REPORT_BYTES), rows: 2, dropped: 1 }])
    } finally {
      warn.mockRestore()
    }
  })
})

describe.runIf(pgClusterAvailable())('daily caps with two app instances sharing a PostgreSQL control plane', () => {
  let a: TestPlatform
  let b: TestPlatform
  let close: () => Promise<void>
  const { anonymous_id: _id, ...stored } = page(randomUUID())
  const PAGE_BYTES = storedBytes('page', 'page_view', JSON.stringify(stored))

  beforeAll(async () => {
    ;({ a, b, close } = await startTwoInstances({ telemetry: telemetrySettings({ dailyBytes: { perAddressBytes: 2 * PAGE_BYTES, totalBytes: 0 } }) }))
  })
  afterAll(async () => close?.())

  it('count one address’s page views sent to either instance together', async () => {
    const anon = randomUUID()
    for (const tp of [a, b, a, b]) expect((await tp.call('POST', '/platform/telemetry/page', { from: '203.0.113.7', body: page(anon) })).status).toBe(204)
    expect(await a.platform.db.query(`select count(*)::int as n from telemetry_events where anonymous_id = $1`, [anon])).toEqual([{ n: 2 }])
  })
})

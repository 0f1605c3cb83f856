// @vitest-environment node
/**
 * Who sees the SQL in postgres_logs (`logs:statements:read`, server/logs/statement-privacy.ts),
 * walked for every role: Owner, Admin and Developer read another member's failed statement as
 * recorded; a Read-only member sees the event with its SQL, author, message, detail, hint and
 * position hidden, cannot find it by searching for the hidden text, and sees their own statement
 * whole. The logs live in the control plane.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORGANIZATION_ROLES, roleCan, type OrganizationRole } from '@/lib/api-types'
import { flushLogs } from '@/server/logs/recorder'
import { hiddenMessage, STATEMENT_METADATA_KEYS } from '@/server/logs/statement-privacy'
import type { TestPlatform } from '../helpers/test-platform'
import { activeProject, BACKENDS, memberOf, ownerWithOrg, runSql } from '../helpers/project-backends'

type Event = { id: string; level: string; event_message: string; metadata: Record<string, unknown> }
type LogsBody = { events: Event[]; histogram: { buckets: { count: number }[] } }

const [backend] = BACKENDS

describe('statement text in postgres_logs, by role', () => {
  let tp: TestPlatform
  let stop: () => Promise<void>
  let ref: string
  let ownerId: string
  let readerId: string
  const tokens = new Map<OrganizationRole, string>()

  const logs = async (role: OrganizationRole, params: Record<string, string> = {}): Promise<LogsBody> => {
    const res = await tp.call('GET', `/platform/projects/${ref}/logs?${new URLSearchParams({ source: 'postgres_logs', level: 'error', limit: '100', ...params })}`, {
      token: tokens.get(role)!,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return res.body
  }
  const ownersEvent = (body: LogsBody) => body.events.find((e) => e.metadata.sql_state_code === '22P02')
  const userIdOf = async (token: string) => (await tp.call('GET', '/auth/v1/user', { token })).body.id as string

  beforeAll(async () => {
    ;({ tp, stop } = await backend.start())
    const owner = await ownerWithOrg(tp, 'Log Privacy Org')
    tokens.set('Owner', owner.token)
    ref = await activeProject(tp, owner.token, owner.org.slug)
    for (const role of ORGANIZATION_ROLES.filter((r) => r !== 'Owner')) tokens.set(role, await memberOf(tp, owner.org.id, role))
    ownerId = await userIdOf(owner.token)
    readerId = await userIdOf(tokens.get('Read-only')!)
    // The owner's statement quotes a value in its message; the reader's names a table of theirs.
    expect((await runSql(tp, owner.token, ref, `select 'owner-secret-value'::int as owner_marker`)).status).toBe(400)
    expect((await runSql(tp, tokens.get('Read-only')!, ref, 'select * from reader_marker_table')).status).toBe(400)
    await flushLogs(tp.platform)
  })
  afterAll(async () => stop?.())

  it('is an action of the roles policy: Owner, Admin and Developer', () => {
    expect(ORGANIZATION_ROLES.filter((role) => roleCan(role, 'logs:statements:read'))).toEqual(['Owner', 'Admin', 'Developer'])
  })

  it.each(['Owner', 'Admin', 'Developer'] as const)("%s reads another member's statement as recorded", async (role) => {
    const event = ownersEvent(await logs(role))
    expect(event).toBeDefined()
    expect(event!.event_message).toContain('owner-secret-value')
    expect(event!.metadata).toMatchObject({ query: expect.stringContaining('owner_marker'), user_id: ownerId, sql_state_code: '22P02' })
    expect(event!.metadata.statement_hidden).toBeUndefined()
  })

  it("hides another member's statement, author and message from a Read-only member, and keeps the event", async () => {
    const body = await logs('Read-only')
    const event = ownersEvent(body)
    expect(event).toBeDefined()
    expect(event!.event_message).toBe(hiddenMessage('22P02'))
    expect(event!.metadata).toMatchObject({ statement_hidden: true, sql_state_code: '22P02', error_severity: 'ERROR', origin: 'sql-endpoint' })
    for (const key of STATEMENT_METADATA_KEYS) expect(event!.metadata).not.toHaveProperty(key)
    const text = JSON.stringify(body)
    expect(text).not.toContain('owner-secret-value')
    expect(text).not.toContain('owner_marker')
    expect(text).not.toContain(ownerId)
  })

  it('shows a Read-only member their own statement whole', async () => {
    const own = (await logs('Read-only')).events.find((e) => e.metadata.user_id === readerId)
    expect(own).toMatchObject({ event_message: expect.stringContaining('reader_marker_table'), metadata: { query: 'select * from reader_marker_table' } })
  })

  it('does not let a Read-only member find hidden text by searching for it, in the events or the histogram', async () => {
    const found = await logs('Read-only', { search: 'owner-secret' })
    expect(found.events).toEqual([])
    expect(found.histogram.buckets.reduce((n, b) => n + b.count, 0)).toBe(0)
    const byOwner = await logs('Owner', { search: 'owner-secret' })
    expect(byOwner.events).toHaveLength(1)
    expect(byOwner.histogram.buckets.reduce((n, b) => n + b.count, 0)).toBe(1)
    // What the Read-only member is shown is what they can search.
    expect((await logs('Read-only', { search: 'hidden from your role' })).events.map((e) => e.metadata.sql_state_code)).toEqual(['22P02'])
    expect((await logs('Read-only', { search: 'reader_marker' })).events).toHaveLength(1)
  })

  it('hides nothing in the other sources', async () => {
    const edge = await tp.call('GET', `/platform/projects/${ref}/logs?source=edge_logs&limit=100`, { token: tokens.get('Read-only')! })
    expect(edge.status).toBe(200)
    expect(edge.body.events.some((e: Event) => e.metadata.user_id === ownerId)).toBe(true)
  })
})

/**
 * Writing telemetry rows. Page views and events arrive without a session: they carry the browser's
 * anonymous id, and count as the user that id is linked to (identities.ts), if any. Everything
 * else is written for the signed-in caller.
 */
import type { z } from 'zod'
import type { telemetryEventBody, telemetryPageBody, TelemetryKind } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { AuthUser } from '../http/types'

type PageBody = z.output<typeof telemetryPageBody>
type EventBody = z.output<typeof telemetryEventBody>

/** One row under a browser's anonymous id, owned by the user the id is linked to (in the same statement). */
const INSERT_ANONYMOUS = `insert into telemetry_events (kind, event, anonymous_id, user_id, properties)
  select $1, $2, $3::uuid, (select i.user_id from telemetry_identities i where i.anonymous_id = $3::uuid), $4::jsonb`

export async function recordPage(platform: Platform, body: PageBody): Promise<void> {
  const { anonymous_id, leave, ...page } = body
  await platform.db.query(INSERT_ANONYMOUS, ['page', leave ? 'page_leave' : 'page_view', anonymous_id, JSON.stringify(page)], { prepare: true })
}

export async function recordEvent(platform: Platform, body: EventBody): Promise<void> {
  const { anonymous_id, action, ...rest } = body
  await platform.db.query(INSERT_ANONYMOUS, ['event', action, anonymous_id, JSON.stringify(rest)], { prepare: true })
}

/** One row of the signed-in caller's own (identify, groups, feature flags). */
export async function recordForUser(platform: Platform, user: AuthUser, kind: TelemetryKind, event: string, properties: Record<string, unknown>) {
  await platform.db.query(`insert into telemetry_events (kind, event, user_id, properties) values ($1, $2, $3, $4::jsonb)`, [
    kind,
    event,
    user.id,
    JSON.stringify(properties),
  ])
}

/**
 * Writing telemetry rows. Page views and events arrive without a session: they carry the browser's
 * anonymous id, and count as the user that id is linked to (identities.ts), if any. Everything
 * else is written for the signed-in caller.
 */
import type { z } from 'zod'
import type { telemetryEventBody, telemetryPageBody, TelemetryKind } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { storedBytes, withinDailyCap } from '../security/daily-caps'

type PageBody = z.output<typeof telemetryPageBody>
type EventBody = z.output<typeof telemetryEventBody>

/**
 * One row under a browser's anonymous id. The table's trigger makes it the user's the id is linked
 * to, under the lock identify takes too (migration 0041): a page view sent while its browser is
 * being identified is not left nobody's.
 */
const INSERT_ANONYMOUS = `insert into telemetry_events (kind, event, anonymous_id, properties) values ($1, $2, $3::uuid, $4::jsonb)`

/** Stores one anonymous row unless `ip` or everyone used up today's bytes (then it is dropped). */
async function recordAnonymous(platform: Platform, ip: string, kind: string, event: string, anonymousId: string, properties: string) {
  if (!(await withinDailyCap(platform, 'telemetry', ip, storedBytes(kind, event, properties), platform.config.telemetry.dailyBytes))) return
  await platform.db.query(INSERT_ANONYMOUS, [kind, event, anonymousId, properties], { prepare: true })
}

export async function recordPage(platform: Platform, ip: string, body: PageBody): Promise<void> {
  const { anonymous_id, leave, ...page } = body
  await recordAnonymous(platform, ip, 'page', leave ? 'page_leave' : 'page_view', anonymous_id, JSON.stringify(page))
}

export async function recordEvent(platform: Platform, ip: string, body: EventBody): Promise<void> {
  const { anonymous_id, action, ...rest } = body
  await recordAnonymous(platform, ip, 'event', action, anonymous_id, JSON.stringify(rest))
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

/** What was recorded about the caller: read it back page by page, or delete all of it. */
import type { TelemetryKind, TelemetryList } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'

type Row = { id: string; kind: TelemetryKind; event: string; properties: Record<string, unknown>; created_at: Date | string }

const iso = (value: Date | string) => new Date(value).toISOString()

/** Newest first; `cursor` is the id of the last row of the previous page. */
export async function listMyTelemetry(platform: Platform, user: AuthUser, query: { limit: number; cursor?: string }): Promise<TelemetryList> {
  const rows = await platform.db.query<Row>(
    `select id::text as id, kind, event, properties, created_at from telemetry_events
     where user_id = $1 and ($2::bigint is null or id < $2::bigint)
     order by id desc limit $3`,
    [user.id, query.cursor ?? null, query.limit + 1]
  )
  const page = rows.slice(0, query.limit)
  return {
    data: page.map((r) => ({ id: r.id, kind: r.kind, event: r.event, properties: r.properties ?? {}, created_at: iso(r.created_at) })),
    cursor: rows.length > query.limit ? page[page.length - 1].id : null,
  }
}

/** Every row of the caller, and the links of their browsers' anonymous ids, in one statement. */
export async function deleteMyTelemetry(platform: Platform, user: AuthUser): Promise<{ deleted: number }> {
  const [row] = await platform.db.query<{ deleted: number }>(
    `with unlinked as (delete from telemetry_identities where user_id = $1),
     gone as (delete from telemetry_events where user_id = $1 returning 1)
     select count(*)::int as deleted from gone`,
    [user.id]
  )
  return { deleted: Number(row?.deleted ?? 0) }
}

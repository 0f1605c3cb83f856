/**
 * The link between a browser's anonymous id and the user signed in there. `identify` makes it
 * (and the id's earlier rows nobody owned yet become the user's); `reset`, sent on sign-out, ends
 * it: what the browser sends afterwards is nobody's again.
 *
 * The anonymous id is a random UUID the browser keeps to itself. A link moves to whoever
 * identifies last with it (one browser, another account), so the only way to claim someone's
 * browsing is to know their id.
 */
import type { Platform } from '../kernel/platform'
import type { AuthUser } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'

export async function identify(platform: Platform, user: AuthUser, body: { user_id: string; anonymous_id?: string }): Promise<void> {
  // Ids arrive in lower case (the schema), as Postgres prints them.
  if (body.user_id !== user.id.toLowerCase()) throw new PlatformError(403, 'You can only identify as yourself: user_id must be your own id.')
  const anonymousId = body.anonymous_id ?? null
  // One transaction: the link, the rows it claims and the identify row land together or not at all.
  // The lock on the anonymous id comes first, in its own statement, so the claim reads every row a
  // page view of this browser committed before it (migration 0041).
  await platform.db.transaction(async (tx) => {
    if (anonymousId) await tx.query(`select telemetry_identity_lock($1::uuid)`, [anonymousId])
    await tx.query(
      `with linked as (
         insert into telemetry_identities (anonymous_id, user_id) select $2::uuid, $1 where $2::uuid is not null
         on conflict (anonymous_id) do update set user_id = excluded.user_id, linked_at = now()
         returning anonymous_id
       ), claimed as (
         update telemetry_events e set user_id = $1 from linked l where e.anonymous_id = l.anonymous_id and e.user_id is null
       )
       insert into telemetry_events (kind, event, user_id, anonymous_id, properties) values ('identify', 'identify', $1, $2::uuid, '{}'::jsonb)`,
      [user.id, anonymousId]
    )
  })
}

/** Ends every link of the caller: their browsers' later page views and events are anonymous. */
export async function resetIdentities(platform: Platform, user: AuthUser): Promise<void> {
  await platform.db.query(`delete from telemetry_identities where user_id = $1`, [user.id])
}

/**
 * The flow between /authorize and /callback, kept as a flow state (as GoTrue keeps it). Its id,
 * a random UUID, is the `state` sent to the provider: a state this service did not issue is not
 * found, an old one has expired, and a used one is refused, so a callback can be neither forged
 * nor replayed. A flow that started with a code challenge ends in an auth code (pkce.ts); one
 * without, in a session in the redirect.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import { authError } from './gotrue-errors'

/** How long the browser has to come back from the provider (GoTrue's default flow state expiry). */
export const OAUTH_STATE_TTL_SECONDS = 300
/** Flows older than this are deleted when new ones start: well past any use, PKCE codes included. */
const PRUNE_AFTER_SECONDS = 3600

export type OAuthFlow = {
  id: string
  provider: string
  /** Already checked against the allow-list when the flow started. */
  redirectTo: string
  /** A signed-in user linking a provider; null for a sign-in. */
  linkingTargetId: string | null
  pkce: boolean
}

export async function createOAuthFlow(
  db: Queryable,
  input: { provider: string; redirectTo: string; linkingTargetId: string | null; codeChallenge?: string; codeChallengeMethod?: string }
): Promise<string> {
  await db.query(`delete from auth_flow_states where provider_type is not null and created_at < now() - make_interval(secs => $1)`, [PRUNE_AFTER_SECONDS])
  const id = randomUUID()
  await db.query(
    `insert into auth_flow_states (id, code_challenge, code_challenge_method, authentication_method, provider_type, redirect_to, linking_target_id)
     values ($1, $2, $3, 'oauth', $4, $5, $6)`,
    [id, input.codeChallenge ?? null, input.codeChallenge ? (input.codeChallengeMethod ?? 's256').toLowerCase() : null, input.provider, input.redirectTo, input.linkingTargetId]
  )
  return id
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type FlowRow = { id: string; provider_type: string; redirect_to: string; linking_target_id: string | null; pkce: boolean; used: boolean; expired: boolean }

/** Takes the flow a callback's `state` names, once; GoTrue's errors otherwise. */
export async function claimOAuthFlow(db: Queryable, state: string | undefined): Promise<OAuthFlow> {
  if (!state) throw authError(400, 'bad_oauth_callback', 'OAuth state parameter missing')
  if (!UUID.test(state)) throw authError(400, 'bad_oauth_state', 'OAuth state parameter is invalid')
  const notFound = () => authError(400, 'bad_oauth_state', 'OAuth state not found or expired')
  const [row] = await db.query<FlowRow>(
    `select id, provider_type, redirect_to, linking_target_id, code_challenge is not null as pkce, callback_at is not null as used,
       created_at < now() - make_interval(secs => $2) as expired
     from auth_flow_states where id = $1 and provider_type is not null`,
    [state, OAUTH_STATE_TTL_SECONDS]
  )
  if (!row) throw notFound()
  if (row.expired) throw authError(400, 'bad_oauth_state', 'OAuth state has expired')
  const used = () => (row.pkce ? authError(400, 'flow_state_already_used', 'State has already been used') : notFound())
  if (row.used) throw used()
  // Two callbacks racing with one state: only one of them takes it.
  const claimed = await db.query('update auth_flow_states set callback_at = now() where id = $1 and callback_at is null returning id', [row.id])
  if (!claimed.length) throw used()
  return { id: row.id, provider: row.provider_type, redirectTo: row.redirect_to, linkingTargetId: row.linking_target_id, pkce: row.pkce }
}

/** A flow that ended in a session has nothing left to keep. */
export async function endOAuthFlow(db: Queryable, id: string) {
  await db.query('delete from auth_flow_states where id = $1', [id])
}

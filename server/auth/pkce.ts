/**
 * PKCE: a sign-in started with a code challenge (sign-up, magic link, recovery, email change)
 * ends with an auth code in the redirect instead of tokens; the client exchanges it, with the
 * code verifier only it knows, at /token?grant_type=pkce. Codes are single-use and live 5 minutes.
 */
import { createHash, randomUUID } from 'node:crypto'
import type { Queryable } from '../db/control-plane'
import { authError } from './gotrue-errors'

export const AUTH_CODE_TTL_SECONDS = 300

export async function createFlowState(
  tx: Queryable,
  input: { userId: string | null; codeChallenge: string; method: string | undefined; authenticationMethod: string }
): Promise<string> {
  const id = randomUUID()
  const method = (input.method ?? 's256').toLowerCase()
  await tx.query(
    'insert into auth_flow_states (id, user_id, code_challenge, code_challenge_method, authentication_method) values ($1, $2, $3, $4, $5)',
    [id, input.userId, input.codeChallenge, method, input.authenticationMethod]
  )
  return id
}

/** Issues the auth code of a flow whose link was followed. */
export async function issueAuthCode(tx: Queryable, flowStateId: string, userId: string): Promise<string> {
  const code = randomUUID()
  await tx.query('update auth_flow_states set auth_code = $2, auth_code_issued_at = now(), user_id = $3 where id = $1', [flowStateId, code, userId])
  return code
}

const challengeOf = (verifier: string, method: string) =>
  method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')

/** Exchanges a code for its user and sign-in method; the flow ends either way. */
export async function exchangeAuthCode(tx: Queryable, authCode: string, verifier: string): Promise<{ userId: string; method: string }> {
  const [flow] = await tx.query<{ user_id: string | null; code_challenge: string; code_challenge_method: string; authentication_method: string; fresh: boolean }>(
    `delete from auth_flow_states where auth_code = $1
     returning user_id, code_challenge, code_challenge_method, authentication_method,
       auth_code_issued_at > now() - make_interval(secs => $2) as fresh`,
    [authCode, AUTH_CODE_TTL_SECONDS]
  )
  if (!flow || !flow.user_id) throw authError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
  if (!flow.fresh) throw authError(400, 'flow_state_expired', 'invalid flow state, flow state has expired')
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge)
    throw authError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier')
  return { userId: flow.user_id, method: flow.authentication_method }
}

/**
 * Identities a user signs in with: email, phone, and OAuth providers (oauth.ts adds them).
 * Unlinking one follows GoTrue: never the last, and the user's email moves to another identity's
 * address when the one it came from goes. SAML SSO and the OAuth 2.1 server are not offered here
 * and answer GoTrue's own "disabled" errors so that clients can tell.
 */
import type { Routes } from '@/lib/api-types'
import type { Handler } from '../kernel/handler-types'
import type { Queryable } from '../db/control-plane'
import { authError } from './gotrue-errors'
import { findUserById, type FullUser } from './users'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type Identity = FullUser['identities'][number]
const emailOf = (identity: Identity) => (typeof identity.identity_data.email === 'string' ? identity.identity_data.email : '')
const verifiedEmail = (identity: Identity) => identity.identity_data.email_verified === true

/**
 * After an identity is removed: the user keeps their email if another identity has it; otherwise
 * takes the address of the best remaining identity (verified first, then unverified, then none)
 * that no other user has.
 */
async function promoteEmail(tx: Queryable, user: FullUser, remaining: Identity[], autoconfirm: boolean) {
  const current = user.email ?? ''
  if (remaining.some((i) => emailOf(i) === current)) return
  const rank = (i: Identity) => (!emailOf(i) ? 2 : verifiedEmail(i) ? 0 : 1)
  const ordered = [...remaining].sort((a, b) => rank(a) - rank(b) || new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id))
  let chosen: Identity | undefined
  for (const identity of ordered) {
    const email = emailOf(identity)
    const [taken] = email ? await tx.query('select 1 from users where email = $1 and id <> $2', [email, user.id]) : []
    if (!taken) {
      chosen = identity
      break
    }
  }
  if (!chosen) throw authError(422, 'email_conflict_identity_not_deletable', 'Unable to unlink identity due to email conflict')
  const email = emailOf(chosen) || null
  const confirmed = !!email && (verifiedEmail(chosen) || autoconfirm)
  // The proof of the old address does not carry over (migration 0030 clears it when the address
  // changes); the new one is proven only when the provider it comes from verified it.
  const proven = !!email && email !== current && verifiedEmail(chosen) && !['email', 'phone'].includes(chosen.provider)
  // Pending changes and links were made for the old address: they no longer hold.
  await tx.query(
    `update users set email = $2, email_change = null, email_change_confirm_status = 0, updated_at = now(),
       email_confirmed_at = case when $3 then email_confirmed_at end,
       email_proven_at = case when $4 then now() else email_proven_at end
     where id = $1`,
    [user.id, email, confirmed, proven]
  )
  await tx.query('delete from auth_one_time_tokens where user_id = $1', [user.id])
}

export const unlinkIdentity: Handler<Routes['authUnlinkIdentity']> = async ({ platform, user: caller, params }) => {
  if (!UUID.test(params.identityId)) throw authError(404, 'validation_failed', 'identity_id must be an UUID')
  return platform.db.transaction(async (tx) => {
    const user = await findUserById(tx, caller.id, { forUpdate: true })
    if (!user) throw authError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    if (user.identities.length <= 1) throw authError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking')
    const identity = user.identities.find((i) => i.id === params.identityId.toLowerCase())
    if (!identity) throw authError(422, 'identity_not_found', "Identity doesn't exist")
    await tx.query('delete from auth_identities where id = $1', [identity.id])
    if (identity.provider === 'phone') await tx.query('update users set phone = null, phone_confirmed_at = null, updated_at = now() where id = $1', [user.id])
    else
      await promoteEmail(
        tx,
        user,
        user.identities.filter((i) => i.id !== identity.id),
        platform.config.auth.mailerAutoconfirm
      )
    // app_metadata.providers is derived from the identities left (users.ts).
    return {}
  })
}

export const sso: Handler<Routes['authSso']> = async () => {
  throw authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
}

/** Every route of the OAuth 2.1 server API (admin clients, dynamic registration): GoTrue's answer when it is off. */
export const oauthServerDisabled = async (): Promise<never> => {
  throw authError(404, 'feature_disabled', 'OAuth server is disabled')
}

/** The admin API of custom OAuth/OIDC providers: providers come from configuration here (docs/auth.md). */
export const customProvidersDisabled = async (): Promise<never> => {
  throw authError(404, 'feature_disabled', 'Custom OAuth providers are disabled')
}

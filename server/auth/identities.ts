/**
 * Identities a user signs in with. The built-in auth offers email and phone; sign-in through
 * other providers (OAuth, SAML SSO) and the OAuth 2.1 server are not configured here, and answer
 * GoTrue's own "disabled" errors so that clients can tell.
 */
import type { Routes } from '@/lib/api-types'
import type { Handler } from '../http/types'
import { authError } from './gotrue-errors'

export const unlinkIdentity: Handler<Routes['authUnlinkIdentity']> = async ({ platform, user, params }) => {
  return platform.db.transaction(async (tx) => {
    const identities = await tx.query<{ id: string }>('select id from auth_identities where user_id = $1 for update', [user.id])
    if (!identities.some((i) => i.id === params.identityId)) throw authError(404, 'identity_not_found', 'Identity doesn\'t exist')
    if (identities.length <= 1) throw authError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking')
    await tx.query('delete from auth_identities where id = $1', [params.identityId])
    return {}
  })
}

const providerDisabled = () => authError(400, 'provider_disabled', 'Unsupported provider: provider is not enabled')

export const authorize: Handler<Routes['authAuthorize']> = async () => {
  throw providerDisabled()
}

export const linkIdentity: Handler<Routes['authLinkIdentity']> = async () => {
  throw providerDisabled()
}

export const sso: Handler<Routes['authSso']> = async () => {
  throw authError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
}

export const oauthClients: Handler<Routes['adminOauthClients']> = async () => {
  throw authError(404, 'oauth_server_disabled', 'OAuth 2.1 server is disabled')
}

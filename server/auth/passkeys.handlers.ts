/**
 * The handlers of the passkey routes (lib/api-types/passkeys.routes.ts). Ceremonies are in
 * passkeys.ts; listing, renaming and removing are single statements scoped to the caller, so
 * that another user's passkey is simply not found (404, as GoTrue answers).
 */
import type { passkeyRoutes } from '@/lib/api-types/passkeys.routes'
import type { Handlers } from '../kernel/handler-types'
import { authError } from './gotrue-errors'
import { accountFor, authenticationOptions, registrationOptions, verifyAuthentication, verifyRegistration } from './passkeys'
import { deletePasskey, listPasskeys, renamePasskey, toPasskeyItem } from './passkey-store'
import { findUserById } from './users'
import type { Platform } from '../kernel/platform'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const notFound = () => authError(404, 'validation_failed', 'Passkey not found')

/** The admin API names the user first: an unknown one is user_not_found, as GoTrue answers. */
async function adminTarget(platform: Platform, userId: string): Promise<string> {
  if (!UUID.test(userId) || !(await findUserById(platform.db, userId))) throw authError(404, 'user_not_found', 'User not found')
  return userId
}

export const passkeyHandlers: Handlers<typeof passkeyRoutes> = {
  passkeyRegistrationOptions: ({ platform, req, user }) => registrationOptions(platform, req, user),
  passkeyRegistrationVerify: ({ platform, user, body }) => verifyRegistration(platform, user, body),

  // Counted per client by their declarations, like password sign-ins.
  passkeyAuthenticationOptions: ({ platform, req }) => authenticationOptions(platform, req),
  passkeyAuthenticationVerify: ({ platform, body }) => verifyAuthentication(platform, body),

  passkeyList: async ({ platform, user }) => (await listPasskeys(platform.db, user.id)).map(toPasskeyItem),
  passkeyUpdate: async ({ platform, user, params, body }) => {
    const row = UUID.test(params.passkeyId) ? await renamePasskey(platform.db, user.id, params.passkeyId, body.friendly_name) : undefined
    if (!row) throw notFound()
    return toPasskeyItem(row)
  },
  passkeyDelete: async ({ platform, user, params }) => {
    await accountFor(platform, user, { managing: true })
    if (!UUID.test(params.passkeyId) || !(await deletePasskey(platform.db, user.id, params.passkeyId))) throw notFound()
    return undefined
  },

  adminListPasskeys: async ({ platform, params }) => (await listPasskeys(platform.db, await adminTarget(platform, params.userId))).map(toPasskeyItem),
  adminDeletePasskey: async ({ platform, params }) => {
    const userId = await adminTarget(platform, params.userId)
    if (!UUID.test(params.passkeyId) || !(await deletePasskey(platform.db, userId, params.passkeyId))) throw notFound()
    return undefined
  },
}

import type { accessTokenRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { createAccessToken, deleteAccessToken, listAccessTokens } from './access-tokens'

export const accessTokenHandlers: Handlers<typeof accessTokenRoutes> = {
  listAccessTokens: ({ platform, user }) => listAccessTokens(platform, user.id),
  createAccessToken: ({ platform, user, body }) => createAccessToken(platform, user.id, body.name, body.expires_in_days),
  deleteAccessToken: async ({ platform, user, params }) => {
    await deleteAccessToken(platform, user.id, params.id)
    return undefined
  },
}

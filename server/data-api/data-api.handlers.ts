import type { dataApiRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { getApiSettings, patchApiSettings, rotateJwtSecret } from './api-settings'

export const dataApiHandlers: Handlers<typeof dataApiRoutes> = {
  getApiSettings: async ({ platform, req, access, query }) => getApiSettings(platform, req, access, query.reveal),
  rotateJwtSecret: async ({ platform, req, access }) => rotateJwtSecret(platform, req, access),
  updateApiSettings: async ({ platform, req, access, body }) => patchApiSettings(platform, req, access, body),
}

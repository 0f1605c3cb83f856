import type { supportRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { createSupportRequest } from './requests'

export const supportHandlers: Handlers<typeof supportRoutes> = {
  createSupportRequest: ({ platform, user, body }) => createSupportRequest(platform, user, body),
}

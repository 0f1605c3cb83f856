import type { extensionRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { disableExtension, enableExtension, listExtensions } from './extensions'

export const extensionHandlers: Handlers<typeof extensionRoutes> = {
  listExtensions: ({ platform, access }) => listExtensions(platform, access),
  enableExtension: ({ platform, access, body }) => enableExtension(platform, access, body),
  disableExtension: ({ platform, access, params, query }) => disableExtension(platform, access, { name: params.name, cascade: query.cascade }),
}

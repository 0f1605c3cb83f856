import type { extensionRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const extensionHandlers: Handlers<typeof extensionRoutes> = {}

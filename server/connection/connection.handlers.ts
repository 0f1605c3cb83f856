import type { connectionRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const connectionHandlers: Handlers<typeof connectionRoutes> = {}

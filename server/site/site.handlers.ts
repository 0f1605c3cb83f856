import type { siteRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const siteHandlers: Handlers<typeof siteRoutes> = {}

import type { integrationRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const integrationHandlers: Handlers<typeof integrationRoutes> = {}

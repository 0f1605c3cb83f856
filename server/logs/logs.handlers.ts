import type { logRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const logHandlers: Handlers<typeof logRoutes> = {}

import type { flagRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const flagHandlers: Handlers<typeof flagRoutes> = {}

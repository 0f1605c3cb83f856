import type { privilegeRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const privilegeHandlers: Handlers<typeof privilegeRoutes> = {}

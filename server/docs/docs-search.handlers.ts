import type { docsSearchRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const docsSearchHandlers: Handlers<typeof docsSearchRoutes> = {}

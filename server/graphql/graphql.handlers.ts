import type { graphqlRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const graphqlHandlers: Handlers<typeof graphqlRoutes> = {}

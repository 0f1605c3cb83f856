import type { sqlRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'
import { runQuery } from './run-query'
import { cancelQuery } from './cancel-query'

export const sqlHandlers: Handlers<typeof sqlRoutes> = { runQuery, cancelQuery }

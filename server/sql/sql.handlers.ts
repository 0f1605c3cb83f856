import type { sqlRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { runQuery } from './run-query'
import { cancelQuery } from './cancel-query'
import { tableDetail } from './table-detail'

export const sqlHandlers: Handlers<typeof sqlRoutes> = { runQuery, cancelQuery, tableDetail }

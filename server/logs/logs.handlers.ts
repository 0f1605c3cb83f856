import type { logRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { readLogs } from './read-logs'

export const logHandlers: Handlers<typeof logRoutes> = {
  readLogs: ({ platform, access, user, query }) => readLogs(platform, access, query, user.id),
}

import type { telemetryRoutes } from '@/lib/api-types'
import type { Handlers } from '../http/types'

export const telemetryHandlers: Handlers<typeof telemetryRoutes> = {}

import type { telemetryRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const telemetryExamples: Examples<typeof telemetryRoutes> = {}

import type { logRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const logExamples: Examples<typeof logRoutes> = {
  readLogs: { path: (fx) => `/platform/projects/${fx.ref}/logs?source=edge_logs&limit=10` },
}

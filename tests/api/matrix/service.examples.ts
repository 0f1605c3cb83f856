import type { serviceRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const serviceExamples: Examples<typeof serviceRoutes> = {
  getConfig: { path: () => '/config' },
  getUtcTime: { path: () => '/get-utc-time' },
}

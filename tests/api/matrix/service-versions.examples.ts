import type { serviceVersionRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const serviceVersionExamples: Examples<typeof serviceVersionRoutes> = {
  getServiceVersions: { path: (fx) => `/platform/projects/${fx.ref}/service-versions` },
}

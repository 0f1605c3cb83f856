import type { serviceVersionRoutes } from '@/lib/api-types'
import type { Examples } from './types'

export const serviceVersionExamples: Examples<typeof serviceVersionRoutes> = {
  getServiceVersions: { path: (fx) => `/platform/projects/${fx.ref}/service-versions` },
  getUpgradeStatus: { path: (fx) => `/platform/projects/${fx.ref}/upgrade` },
  /** Every extension of the fixture's project is current: callers the policy lets through get 409, nothing changes. */
  upgradeProject: { path: (fx) => `/platform/projects/${fx.ref}/upgrade`, status: 409 },
}

import type { computeRoutes } from '@/lib/api-types'
import type { Examples } from './types'

/** The fixture's organization is on Free: callers the policy lets through are refused Small with 402, and nothing changes. */
export const computeExamples: Examples<typeof computeRoutes> = {
  getProjectCompute: { path: (fx) => `/platform/projects/${fx.ref}/compute` },
  resizeProject: { path: (fx) => `/platform/projects/${fx.ref}/compute`, body: () => ({ size: 'small' }), status: 402 },
}

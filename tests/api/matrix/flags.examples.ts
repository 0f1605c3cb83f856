import type { flagRoutes } from '@/lib/api-types'
import { flagSdkKey } from '@/server/flags/sdk-key'
import type { Examples } from './types'

/** The platform's SDK key, read before the configuration's example runs. */
let sdkKey = ''

/** Operators' edits are the service role's: every caller here is refused, so nothing changes. */
export const flagExamples: Examples<typeof flagRoutes> = {
  getFlagConfig: {
    path: () => `/flags/${sdkKey}/config.json`,
    before: async (tp) => {
      sdkKey = await flagSdkKey(tp.platform)
    },
  },
  getFeatureFlags: { path: () => '/platform/telemetry/feature-flags' },
  adminListFeatureFlags: { path: () => '/platform/admin/feature-flags' },
  adminUpsertFeatureFlag: { path: () => '/platform/admin/feature-flags/noticeBanner', body: () => ({ value: 'Matrix notice' }) },
  adminDeleteFeatureFlag: { path: () => '/platform/admin/feature-flags/noticeBanner' },
}

/** Feature flags: the configuration the dashboard's flag client reads, and operators' edits. */
import { route } from './route'
import * as f from './flags'

const admin = '/platform/admin/feature-flags'

export const flagRoutes = {
  /**
   * The public configuration, as a CDN would serve an SDK's: `ETag` on every answer, 304 when
   * `If-None-Match` names the current one, 404 for a key that is not this platform's.
   */
  getFlagConfig: route({ method: 'GET', path: '/flags/:sdkKey/config.json', auth: 'public', params: f.flagConfigParams, answer: f.flagConfig }),
  /** Every flag evaluated for the signed-in caller. */
  getFeatureFlags: route({ method: 'GET', path: '/platform/telemetry/feature-flags', answer: f.evaluatedFlags }),
  adminListFeatureFlags: route({ method: 'GET', path: admin, auth: 'service', answer: f.featureFlagList }),
  adminUpsertFeatureFlag: route({
    method: 'PUT',
    path: `${admin}/:key`,
    auth: 'service',
    params: f.flagKeyParams,
    body: f.flagSettingBody,
    answer: f.featureFlag,
  }),
  adminDeleteFeatureFlag: route({ method: 'DELETE', path: `${admin}/:key`, auth: 'service', params: f.flagKeyParams, answer: f.featureFlagDeleted }),
}

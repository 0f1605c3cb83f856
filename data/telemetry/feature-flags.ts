/**
 * `trackFeatureFlag(name, value)`: what code that evaluates a feature flag calls. The value joins
 * the flags page views carry; SPEC §7 `POST /platform/telemetry/feature-flags/track` is sent with
 * consent 'true', on the hosted platform only, and once per flag and value. Never throws.
 */
import { telemetryRoutes } from '@/lib/api-types/browser/telemetry.routes'
import type { FeatureFlagValue } from '@/lib/api-types'
import { hasTelemetryConsent } from '@/lib/telemetry/consent'
import { call } from '../fetchers'
import { getEvaluatedFeatureFlags, isTelemetryPlatform, setEvaluatedFeatureFlag } from './context'

export function trackFeatureFlag(name: string, value: FeatureFlagValue): void {
  const known = getEvaluatedFeatureFlags()
  const changed = !(name in known) || known[name] !== value
  setEvaluatedFeatureFlag(name, value)
  if (!changed || !hasTelemetryConsent() || !isTelemetryPlatform()) return
  call(telemetryRoutes.trackTelemetryFeatureFlag, { body: { feature_flag_name: name, feature_flag_value: value } }).catch((error) =>
    console.error(`Problem sending telemetry feature flag ${name}`, error)
  )
}

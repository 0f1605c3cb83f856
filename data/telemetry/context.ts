/**
 * What telemetry calls carry besides the page: the groups of the current route (set by the
 * TelemetryTracker), the feature flags evaluated so far, and whether this is the hosted platform
 * (flags and groups are tracked there only). Plain module state: nothing renders from it.
 */
import type { FeatureFlagValue, TelemetryGroups } from '@/lib/api-types'

const context = {
  groups: {} as TelemetryGroups,
  featureFlags: {} as Record<string, FeatureFlagValue>,
  /** Unknown until the tracker has read the runtime config: nothing platform-only is sent before. */
  isPlatform: false,
}

export const getTelemetryGroups = (): TelemetryGroups => ({ ...context.groups })
export function setTelemetryGroups(groups: TelemetryGroups) {
  context.groups = { ...groups }
}

export const getEvaluatedFeatureFlags = (): Record<string, FeatureFlagValue> => ({ ...context.featureFlags })
export function setEvaluatedFeatureFlag(name: string, value: FeatureFlagValue) {
  context.featureFlags = { ...context.featureFlags, [name]: value }
}

export const isTelemetryPlatform = () => context.isPlatform
export function setTelemetryPlatform(isPlatform: boolean) {
  context.isPlatform = isPlatform
}

/** On sign-out and opt-out: the flags were the last user's (the groups follow the route). */
export function forgetEvaluatedFeatureFlags() {
  context.featureFlags = {}
}

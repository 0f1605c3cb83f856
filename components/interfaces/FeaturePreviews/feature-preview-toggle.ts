import { FEATURE_PREVIEW_EVENTS, type PreviewKey } from '@/lib/feature-previews'
import { sendTelemetryEvent } from '@/data/telemetry/send-event'
import { setFeaturePreview } from '@/state/feature-previews'

/** Turns a preview on or off (stored locally) and tells telemetry which one (SPEC §4). */
export function toggleFeaturePreview(key: PreviewKey, on: boolean) {
  setFeaturePreview(key, on)
  sendTelemetryEvent(on ? FEATURE_PREVIEW_EVENTS.enabled : FEATURE_PREVIEW_EVENTS.disabled, { feature: key })
}

/** Placeholder until the feature lands; mounted by the app shell. */
export function TelemetryTracker(): null {
  return null
}

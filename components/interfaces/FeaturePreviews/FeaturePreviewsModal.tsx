/** Placeholder until the feature lands; mounted by the app shell. */
export function FeaturePreviewsModal(): null {
  return null
}

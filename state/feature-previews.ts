/**
 * Which feature previews are on, read from and written to localStorage (keys in
 * lib/feature-previews.ts). A store so every component re-renders when one is toggled.
 */
import { proxy, useSnapshot } from 'valtio'
import { FEATURE_PREVIEW_KEYS, type FeaturePreviewKey } from '@/lib/feature-previews'

const ALL = Object.values(FEATURE_PREVIEW_KEYS)

function read(key: FeaturePreviewKey): boolean {
  if (typeof window === 'undefined') return false
  try {
    return window.localStorage.getItem(key) === 'true'
  } catch {
    return false
  }
}

export const featurePreviewsState = proxy<{ enabled: Record<string, boolean>; loaded: boolean }>({ enabled: {}, loaded: false })

/** Reads the stored flags once the page runs in a browser (the server render has none). */
export function loadFeaturePreviews() {
  for (const key of ALL) featurePreviewsState.enabled[key] = read(key)
  featurePreviewsState.loaded = true
}

export function setFeaturePreview(key: FeaturePreviewKey, on: boolean) {
  featurePreviewsState.enabled[key] = on
  try {
    window.localStorage.setItem(key, String(on))
  } catch {
    // Private mode or a full quota: the preview still applies to this page's life.
  }
}

export function useIsFeaturePreviewEnabled(key: FeaturePreviewKey): boolean {
  const snap = useSnapshot(featurePreviewsState)
  return snap.enabled[key] === true
}

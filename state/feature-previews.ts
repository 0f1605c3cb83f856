/**
 * Which feature previews are on, read from and written to localStorage (keys in
 * lib/feature-previews.ts). A store so every component re-renders when one is toggled, in this
 * tab and (through the storage event) in the others. Server renders and the first client render
 * see every preview off; the stored values arrive once the page runs in a browser.
 */
import { useEffect } from 'react'
import { proxy, useSnapshot } from 'valtio'
import { ALL_PREVIEW_KEYS, FEATURE_PREVIEW_KEYS, isPreviewKey, type PreviewKey } from '@/lib/feature-previews'
import { appState } from './app'

function read(key: PreviewKey): boolean {
  if (typeof window === 'undefined') return false
  try {
    return window.localStorage.getItem(key) === 'true'
  } catch {
    return false
  }
}

export const featurePreviewsState = proxy<{ enabled: Record<string, boolean>; loaded: boolean }>({ enabled: {}, loaded: false })

const closeOnOff: Partial<Record<PreviewKey, () => void>> = {}

/**
 * A store behind a preview names what to close when the preview is turned off. It registers
 * itself, so that this store (loaded on every page) does not pull that feature's code in.
 */
export function closeWhenPreviewOff(key: PreviewKey, close: () => void) {
  closeOnOff[key] = close
}

/** What a preview leaves open when it is turned off: closed with it, so nothing hangs on without its button. */
function applyOff(key: PreviewKey) {
  if (key === FEATURE_PREVIEW_KEYS.API_SIDE_PANEL) appState.showProjectApiDocs = false
  closeOnOff[key]?.()
}

function apply(key: PreviewKey, on: boolean) {
  featurePreviewsState.enabled[key] = on
  if (!on) applyOff(key)
}

let listening = false

/** Another tab toggled a preview: follow it. */
function onStorage(event: StorageEvent) {
  if (event.storageArea !== window.localStorage) return
  if (event.key === null) return loadFeaturePreviews() // the other tab cleared its storage
  if (isPreviewKey(event.key)) apply(event.key, event.newValue === 'true')
}

/**
 * Reads the stored flags once the page runs in a browser (the server render has none), and
 * follows other tabs from then on. Safe to call again: it re-reads.
 */
export function loadFeaturePreviews() {
  if (typeof window === 'undefined') return
  for (const key of ALL_PREVIEW_KEYS) apply(key, read(key))
  featurePreviewsState.loaded = true
  if (!listening) {
    listening = true
    window.addEventListener('storage', onStorage)
  }
}

export function setFeaturePreview(key: PreviewKey, on: boolean) {
  apply(key, on)
  try {
    window.localStorage.setItem(key, String(on))
  } catch {
    // Private mode or a full quota: the preview still applies to this page's life.
  }
}

/** Loads the stored flags after the first render (never during it: the server render saw none). */
function useLoadFeaturePreviews() {
  useEffect(() => {
    if (!featurePreviewsState.loaded) loadFeaturePreviews()
  }, [])
}

/** Whether the preview is on; false until the stored flags are read (see useFeaturePreviewsLoaded). */
export function useIsFeaturePreviewEnabled(key: PreviewKey): boolean {
  useLoadFeaturePreviews()
  const snap = useSnapshot(featurePreviewsState)
  return snap.enabled[key] === true
}

/** Whether the stored flags have been read: until then "off" may only mean "not known yet". */
export function useFeaturePreviewsLoaded(): boolean {
  useLoadFeaturePreviews()
  return useSnapshot(featurePreviewsState).loaded
}

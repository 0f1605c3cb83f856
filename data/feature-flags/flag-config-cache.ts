/**
 * The last configuration the flag client received, kept in localStorage with its ETag: flags are
 * right from the first render of the next page load, and the first request can be a 304. Cleared
 * at sign-out like everything not on the keep-list.
 */
import type { FlagConfig } from '@/lib/api-types'
import { readFlagConfig } from '@/lib/feature-flags/config-check'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

export type FlagConfigData = { config: FlagConfig; etag: string | null }

/** The kept copy as saveFlagConfig wrote it; null for anything else (an older format, a damaged copy). */
function readStored(value: unknown): { sdkKey: string; etag: string | null; config: FlagConfig; savedAt: number } | null {
  if (typeof value !== 'object' || value === null) return null
  const { sdkKey, etag, config, savedAt } = value as Record<string, unknown>
  const checked = readFlagConfig(config)
  if (typeof sdkKey !== 'string' || (etag !== null && typeof etag !== 'string') || typeof savedAt !== 'number' || !checked) return null
  return { sdkKey, etag, config: checked, savedAt }
}

/** The configuration kept for `sdkKey`, and when it was received; nothing for another key or a damaged copy. */
export function loadFlagConfig(sdkKey: string): { data: FlagConfigData; savedAt: number } | undefined {
  try {
    const raw = window.localStorage.getItem(LOCAL_STORAGE_KEYS.FEATURE_FLAGS_CONFIG)
    const stored = raw ? readStored(JSON.parse(raw)) : null
    if (!stored || stored.sdkKey !== sdkKey) return undefined
    return { data: { config: stored.config, etag: stored.etag }, savedAt: stored.savedAt }
  } catch {
    return undefined // no window (server render), storage blocked, or not JSON
  }
}

export function saveFlagConfig(sdkKey: string, data: FlagConfigData, now = Date.now()) {
  try {
    window.localStorage.setItem(LOCAL_STORAGE_KEYS.FEATURE_FLAGS_CONFIG, JSON.stringify({ sdkKey, ...data, savedAt: now }))
  } catch {
    // Storage full or blocked: the configuration still lives for this page.
  }
}

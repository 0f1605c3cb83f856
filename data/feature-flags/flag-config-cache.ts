/**
 * The last configuration the flag client received, kept in localStorage with its ETag: flags are
 * right from the first render of the next page load, and the first request can be a 304. Cleared
 * at sign-out like everything not on the keep-list.
 */
import { z } from 'zod'
import { flagConfig } from '@/lib/api-types/flags'
import type { FlagConfig } from '@/lib/api-types'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

export type FlagConfigData = { config: FlagConfig; etag: string | null }

const stored = z.object({ sdkKey: z.string(), etag: z.string().nullable(), config: flagConfig, savedAt: z.number() })

/** The configuration kept for `sdkKey`, and when it was received; nothing for another key or a damaged copy. */
export function loadFlagConfig(sdkKey: string): { data: FlagConfigData; savedAt: number } | undefined {
  try {
    const raw = window.localStorage.getItem(LOCAL_STORAGE_KEYS.FEATURE_FLAGS_CONFIG)
    const parsed = raw ? stored.safeParse(JSON.parse(raw)) : undefined
    if (!parsed?.success || parsed.data.sdkKey !== sdkKey) return undefined
    return { data: { config: parsed.data.config, etag: parsed.data.etag }, savedAt: parsed.data.savedAt }
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

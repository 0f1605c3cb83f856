/**
 * The visitor's telemetry consent as stored in this browser (SPEC §4): 'true', 'false' or unset
 * (null). Read here by everything that sends telemetry, so that a choice made in another tab
 * counts at once; state/consent.ts keeps the copy the UI renders from.
 */
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

export type Consent = 'true' | 'false' | null

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage blocked by the browser: consent can never be given, nothing is sent
  }
}

/** Anything but the two stored answers counts as no answer yet. */
export function readStoredConsent(): Consent {
  const value = storage()?.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT) ?? null
  return value === 'true' || value === 'false' ? value : null
}

export function writeStoredConsent(value: 'true' | 'false') {
  storage()?.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, value)
}

/** Telemetry may be sent only now: consent stored as 'true'. */
export const hasTelemetryConsent = () => readStoredConsent() === 'true'

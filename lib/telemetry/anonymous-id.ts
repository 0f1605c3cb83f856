/**
 * The browser's random telemetry id: what page views and events carry instead of a user id. It is
 * made on the first send after consent, and dropped on opt-out and on sign-out (it is not on the
 * keep-list of lib/local-storage.ts), so that what follows starts over, linked to nobody.
 */
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The id without making one: null when the browser has none. */
export function peekAnonymousId(): string | null {
  const stored = window.localStorage.getItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)
  return stored && UUID.test(stored) ? stored.toLowerCase() : null
}

/** The id, made (and kept) when there is none yet. */
export function getAnonymousId(): string {
  const existing = peekAnonymousId()
  if (existing) return existing
  const made = crypto.randomUUID()
  window.localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID, made)
  return made
}

export function forgetAnonymousId() {
  window.localStorage.removeItem(LOCAL_STORAGE_KEYS.TELEMETRY_ANONYMOUS_ID)
}

/**
 * The telemetry consent as the UI shows it (SPEC §4): 'true', 'false' or unset (null), read from
 * localStorage (`LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT`, on the sign-out keep-list). Whether the
 * privacy settings are open lives here too, so
 * that the consent toast, the user menu and the account page open the one modal.
 *
 * What sending telemetry checks is the stored value itself (lib/telemetry/consent.ts); this copy
 * follows it: on load, on every change made here, and on a change made in another tab.
 */
import { proxy } from 'valtio'
import { readStoredConsent, writeStoredConsent, type Consent } from '@/lib/telemetry/consent'

type ConsentState = {
  consent: Consent
  showPrivacySettings: boolean
}

const initial = (): ConsentState => ({ consent: readStoredConsent(), showPrivacySettings: false })

export const consentState = proxy({
  ...initial(),
  reset() {
    Object.assign(consentState, initial())
  },
})

/** Reads the stored consent again (at start, and when another tab changed it). */
export function loadConsent() {
  consentState.consent = readStoredConsent()
}

export function setConsent(value: 'true' | 'false') {
  writeStoredConsent(value)
  consentState.consent = value
}

export function openPrivacySettings() {
  consentState.showPrivacySettings = true
}

export function closePrivacySettings() {
  consentState.showPrivacySettings = false
}

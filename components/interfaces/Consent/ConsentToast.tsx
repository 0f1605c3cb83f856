import { useEffect, useState } from 'react'
import { useSnapshot } from 'valtio'
import { Button } from '@/components/ui'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { consentState, loadConsent, openPrivacySettings } from '@/state/consent'
import { lazyPart } from '@/components/ui/lazy-part'
import { acceptTelemetry, optOutOfTelemetry } from './consent-actions'

/** The privacy settings dialog is downloaded the first time it opens. */
export const privacySettings = lazyPart(() => import('./PrivacySettingsModal'))

/** SPEC §9: the toast waits this long after the page loads. */
export const CONSENT_TOAST_DELAY_MS = 300
export const CONSENT_TEXT = 'We use first-party cookies to improve our services.'

/**
 * SPEC §2/§4 consent toast, mounted once for every page (signed in or not): shown 300 ms after
 * load while no choice is stored, bottom-right (full width on small screens), until a choice is
 * made here, in the privacy settings or in another tab. Never dismissed on its own. It also hosts
 * the privacy settings modal, so that opening it works on every page.
 */
export function ConsentToast() {
  const { consent, showPrivacySettings } = useSnapshot(consentState)
  const [due, setDue] = useState(false)
  const settings = privacySettings.useModule(showPrivacySettings)

  useEffect(() => {
    loadConsent()
    // A choice made in another tab (or storage cleared there) counts here too.
    const onStorage = (event: StorageEvent) => {
      if (event.key === LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT || event.key === null) loadConsent()
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  useEffect(() => {
    if (consent !== null) return
    const timer = setTimeout(() => setDue(true), CONSENT_TOAST_DELAY_MS)
    return () => clearTimeout(timer)
  }, [consent])

  return (
    <>
      {due && consent === null && !showPrivacySettings && <ConsentPrompt />}
      {settings && <settings.PrivacySettingsModal />}
    </>
  )
}

function ConsentPrompt() {
  return (
    <div
      role="region"
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:w-[26rem] sm:p-0"
    >
      <div className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 text-sm text-foreground shadow-lg">
        <p>
          {CONSENT_TEXT}{' '}
          <a href="/docs/telemetry" target="_blank" rel="noreferrer" className="font-medium text-brand-strong underline underline-offset-2">
            Learn more
          </a>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="primary" size="tiny" onClick={() => void acceptTelemetry()}>
            Accept
          </Button>
          <Button size="tiny" onClick={() => void optOutOfTelemetry()}>
            Opt out
          </Button>
          <Button type="text" size="tiny" className="sm:ml-auto" onClick={openPrivacySettings}>
            Privacy settings
          </Button>
        </div>
      </div>
    </div>
  )
}

import { useState } from 'react'
import { useSnapshot } from 'valtio'
import { Modal, ModalActions, Toggle } from '@/components/ui'
import { closePrivacySettings, consentState } from '@/state/consent'
import { acceptTelemetry, optOutOfTelemetry } from './consent-actions'

/**
 * SPEC §2 privacy settings: strictly necessary cookies (always on) and telemetry. Confirm saves
 * the choice; Cancel (or closing) leaves the stored one as it was. Opened from anywhere with
 * `openPrivacySettings()` (state/consent.ts); mounted once, by ConsentToast.
 */
export function PrivacySettingsModal() {
  const { showPrivacySettings } = useSnapshot(consentState)
  // Mounted only while open: each opening starts from the stored choice.
  return showPrivacySettings ? <PrivacySettingsDialog /> : null
}

function PrivacySettingsDialog() {
  const { consent } = useSnapshot(consentState)
  const [telemetry, setTelemetry] = useState(consent === 'true')

  const confirm = () => {
    closePrivacySettings()
    if (telemetry && consent !== 'true') void acceptTelemetry()
    if (!telemetry && consent !== 'false') void optOutOfTelemetry()
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && closePrivacySettings()}
      title="Privacy settings"
      description="Choose which cookies and data this dashboard may use in this browser."
      footer={<ModalActions actionLabel="Confirm" onCancel={closePrivacySettings} onAction={confirm} />}
    >
      <div className="flex flex-col gap-5">
        <Toggle
          checked
          disabled
          onCheckedChange={() => undefined}
          label="Strictly necessary cookies"
          description="Keep you signed in and remember settings such as the theme. The dashboard does not work without them, so they are always on."
        />
        <Toggle
          checked={telemetry}
          onCheckedChange={setTelemetry}
          label="Telemetry"
          description={
            <>
              Page views and feature use, to improve the dashboard. You can see and delete what was recorded about you on your account’s
              telemetry page.{' '}
              <a href="/docs/telemetry" target="_blank" rel="noreferrer" className="underline underline-offset-2 hover:text-foreground">
                Learn more
              </a>
            </>
          }
        />
      </div>
    </Modal>
  )
}

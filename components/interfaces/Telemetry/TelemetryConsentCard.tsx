import { useSnapshot } from 'valtio'
import { Button, Card, CardContent, CardHeader, Toggle } from '@/components/ui'
import { acceptTelemetry, optOutOfTelemetry } from '@/components/interfaces/Consent/consent-actions'
import { consentState, openPrivacySettings } from '@/state/consent'

/** The telemetry choice of this browser, changed on the spot or in the privacy settings. */
export function TelemetryConsentCard() {
  const { consent } = useSnapshot(consentState)
  return (
    <Card>
      <CardHeader
        title="Privacy settings"
        description="Your choice is kept in this browser. Nothing is recorded until you turn telemetry on."
        actions={
          <Button size="tiny" onClick={openPrivacySettings}>
            Privacy settings
          </Button>
        }
      />
      <CardContent>
        <Toggle
          checked={consent === 'true'}
          onCheckedChange={(on) => void (on ? acceptTelemetry() : optOutOfTelemetry())}
          label="Telemetry"
          description={
            consent === null
              ? 'You have not chosen yet: nothing is sent.'
              : consent === 'true'
                ? 'On: page views and feature use are sent from this browser.'
                : 'Off: nothing is sent from this browser.'
          }
        />
      </CardContent>
    </Card>
  )
}

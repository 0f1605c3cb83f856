/**
 * The feature previews modal (SPEC §2, §4), mounted once by the app shell and opened by
 * `appState.showFeaturePreviewModal`. Opening it emits `feature_previews_clicked`; each toggle is
 * stored locally and emits `feature_preview_enabled` / `feature_preview_disabled`; closing it
 * selects the first preview again. A preview waiting for a feature flag shows "Coming soon".
 */
import { useEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { Modal } from '@/components/ui'
import { useFlag } from '@/data/feature-flags/use-flag'
import { sendTelemetryEvent } from '@/data/telemetry/send-event'
import { ASSISTANT_PREVIEW_FLAG, DASHBOARD_DISCUSSIONS_URL, FEATURE_PREVIEW_EVENTS, FEATURE_PREVIEWS_DOCS_PATH } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { featurePreviewsState, loadFeaturePreviews } from '@/state/feature-previews'
import { FeaturePreviewDetails } from './FeaturePreviewDetails'
import { FeaturePreviewList } from './FeaturePreviewList'
import { toggleFeaturePreview } from './feature-preview-toggle'
import { FEATURE_PREVIEWS, type FeaturePreview } from './feature-previews'

export const FEATURE_PREVIEWS_MODAL_TITLE = 'Dashboard feature previews'

/** The modal the app shell mounts: every preview of the dashboard. */
export function FeaturePreviewsModal() {
  return <FeaturePreviewsDialog previews={FEATURE_PREVIEWS} />
}

/** The modal for a given list of previews (tests pass their own, an empty one included). */
export function FeaturePreviewsDialog({ previews }: { previews: readonly FeaturePreview[] }) {
  const app = useSnapshot(appState)
  const stored = useSnapshot(featurePreviewsState)
  const open = app.showFeaturePreviewModal
  // Flags a preview may wait for: each read here, once, as hooks must be.
  const flags: Record<string, boolean> = { [ASSISTANT_PREVIEW_FLAG]: useFlag(ASSISTANT_PREVIEW_FLAG) }

  // The stored flags are read once the dashboard runs in a browser; this modal is always mounted.
  useEffect(() => {
    if (!featurePreviewsState.loaded) loadFeaturePreviews()
  }, [])

  // One event per opening (an effect that runs twice in development must not send two).
  const announced = useRef(false)
  useEffect(() => {
    if (open && !announced.current) sendTelemetryEvent(FEATURE_PREVIEW_EVENTS.opened)
    announced.current = open
  }, [open])

  const available = (preview: FeaturePreview) => preview.flag === undefined || flags[preview.flag] === true
  const isEnabled = (preview: FeaturePreview) => available(preview) && stored.enabled[preview.key] === true
  const selected = previews.find((p) => p.key === app.selectedFeaturePreview) ?? previews[0]

  const close = () => {
    appState.showFeaturePreviewModal = false
    appState.selectedFeaturePreview = previews[0]?.key ?? ''
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? (appState.showFeaturePreviewModal = true) : close())}
      title={FEATURE_PREVIEWS_MODAL_TITLE}
      description={
        <>
          Try features before they are released to everyone.{' '}
          <a href={FEATURE_PREVIEWS_DOCS_PATH} target="_blank" rel="noreferrer noopener" className="underline underline-offset-2 hover:text-foreground">
            How previews work
          </a>
        </>
      }
      size="xxlarge"
    >
      {selected ? (
        <div className="flex flex-col overflow-hidden rounded-md border border-border sm:flex-row">
          <div className="shrink-0 border-b border-border sm:h-[550px] sm:w-[280px] sm:overflow-y-auto sm:border-r sm:border-b-0">
            <FeaturePreviewList
              previews={previews}
              selectedKey={selected.key}
              isEnabled={isEnabled}
              onSelect={(key) => (appState.selectedFeaturePreview = key)}
            />
          </div>
          <div className="min-w-0 flex-1 sm:h-[550px] sm:overflow-y-auto">
            <FeaturePreviewDetails
              preview={selected}
              enabled={isEnabled(selected)}
              available={available(selected)}
              onToggle={(on) => toggleFeaturePreview(selected.key, on)}
            />
          </div>
        </div>
      ) : (
        <NoPreviews />
      )}
    </Modal>
  )
}

function NoPreviews() {
  return (
    <div className="flex flex-col items-center justify-center gap-1 px-6 py-16 text-center">
      <p className="text-sm font-medium text-foreground">No feature previews available</p>
      <p className="text-sm text-foreground-light">
        Have an idea for the dashboard? Let us know via{' '}
        <a href={DASHBOARD_DISCUSSIONS_URL} target="_blank" rel="noreferrer noopener" className="text-foreground underline underline-offset-2">
          Github Discussions
        </a>
        !
      </p>
    </div>
  )
}

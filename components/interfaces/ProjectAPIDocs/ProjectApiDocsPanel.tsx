/**
 * The project's API documentation in a side panel (feature preview "API documentation side
 * panel"), mounted by the project layout and opened by its API button
 * (`appState.showProjectApiDocs`). Nothing shows while the preview is off.
 */
import { useSnapshot } from 'valtio'
import { SidePanel } from '@/components/ui'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'
import { ApiDocsContent } from './ApiDocsContent'

export function ProjectApiDocsPanel({ projectRef }: { projectRef: string }) {
  const enabled = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL)
  const { showProjectApiDocs } = useSnapshot(appState)
  const open = enabled && showProjectApiDocs
  return (
    <SidePanel
      open={open}
      onClose={() => (appState.showProjectApiDocs = false)}
      title="API"
      description="Call this project's tables, functions and auth from an application"
      size="large"
    >
      {open && <ApiDocsContent projectRef={projectRef} />}
    </SidePanel>
  )
}

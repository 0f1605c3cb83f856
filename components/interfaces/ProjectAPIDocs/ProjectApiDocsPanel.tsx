/**
 * The project's API documentation in a side panel (feature preview "API documentation side
 * panel"), mounted by the project layout and opened by its API button
 * (`appState.showProjectApiDocs`). Nothing shows while the preview is off.
 */
import { useSnapshot } from 'valtio'
import { SidePanel, Spinner } from '@/components/ui'
import { lazyPart } from '@/components/ui/lazy-part'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { useIsFeaturePreviewEnabled } from '@/state/feature-previews'

/** The docs themselves (sections, snippets) are downloaded the first time the panel opens. */
export const apiDocsContent = lazyPart(() => import('./ApiDocsContent'))

export function ProjectApiDocsPanel({ projectRef }: { projectRef: string }) {
  const enabled = useIsFeaturePreviewEnabled(FEATURE_PREVIEW_KEYS.API_SIDE_PANEL)
  const { showProjectApiDocs } = useSnapshot(appState)
  const open = enabled && showProjectApiDocs
  const content = apiDocsContent.useModule(open)
  return (
    <SidePanel
      open={open}
      onClose={() => (appState.showProjectApiDocs = false)}
      title="API"
      description="Call this project's tables, functions and auth from an application"
      size="large"
    >
      {open && (content ? <content.ApiDocsContent projectRef={projectRef} /> : <Spinner size={20} label="Loading" />)}
    </SidePanel>
  )
}

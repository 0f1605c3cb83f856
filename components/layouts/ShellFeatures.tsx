import { useSnapshot } from 'valtio'
import { CommandMenu } from '@/components/interfaces/CommandMenu/CommandMenu'
import { lazyPart } from '@/components/ui/lazy-part'
import { appState } from '@/state/app'

/** The feature previews modal is downloaded the first time it opens. */
export const featurePreviewsModal = lazyPart(() => import('@/components/interfaces/FeaturePreviews/FeaturePreviewsModal'))

/** What a signed-in user can open from anywhere: the feature previews modal and the command menu. Each shows itself from the app store. */
export function ShellFeatures() {
  const { showFeaturePreviewModal } = useSnapshot(appState)
  const previews = featurePreviewsModal.useModule(showFeaturePreviewModal)
  return (
    <>
      {previews && <previews.FeaturePreviewsModal />}
      <CommandMenu />
    </>
  )
}

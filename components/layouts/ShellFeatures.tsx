import { CommandMenu } from '@/components/interfaces/CommandMenu/CommandMenu'
import { FeaturePreviewsModal } from '@/components/interfaces/FeaturePreviews/FeaturePreviewsModal'

/** What a signed-in user can open from anywhere: the feature previews modal and the command menu. Each shows itself from the app store. */
export function ShellFeatures() {
  return (
    <>
      <FeaturePreviewsModal />
      <CommandMenu />
    </>
  )
}

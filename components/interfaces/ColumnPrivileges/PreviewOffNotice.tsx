import { EyeOff } from 'lucide-react'
import { Button, EmptyState } from '@/components/ui'
import { FEATURE_PREVIEW_KEYS } from '@/lib/feature-previews'
import { appState } from '@/state/app'
import { toggleFeaturePreview } from '../FeaturePreviews/feature-preview-toggle'

/** The page while its feature preview is off: what it is, and a way to turn it on. */
export function PreviewOffNotice() {
  return (
    <EmptyState
      icon={<EyeOff size={24} />}
      title="Column-level privileges is a feature preview"
      description="Turn it on to see and change which database roles may select, insert, update or reference each column of a table."
      action={
        <div className="flex flex-wrap items-center justify-center gap-2">
          <Button type="primary" onClick={() => toggleFeaturePreview(FEATURE_PREVIEW_KEYS.COLUMN_PRIVILEGES, true)}>
            Enable column-level privileges
          </Button>
          <Button type="text" onClick={() => (appState.showFeaturePreviewModal = true)}>
            All feature previews
          </Button>
        </div>
      }
    />
  )
}

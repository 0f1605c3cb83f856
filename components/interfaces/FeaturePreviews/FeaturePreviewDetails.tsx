import { ExternalLink } from 'lucide-react'
import { Badge, Button, buttonClasses } from '@/components/ui'
import { featurePreviewPanelId, featurePreviewTabId } from './FeaturePreviewList'
import type { FeaturePreview } from './feature-previews'

type Props = {
  preview: FeaturePreview
  enabled: boolean
  /** False while the preview's feature flag is off: it cannot be turned on yet. */
  available: boolean
  onToggle: (on: boolean) => void
}

/** One preview: its name, New, Give feedback, the toggle button and what it changes. */
export function FeaturePreviewDetails({ preview, enabled, available, onToggle }: Props) {
  return (
    <div role="tabpanel" id={featurePreviewPanelId} aria-labelledby={featurePreviewTabId(preview.key)} className="flex flex-col gap-4 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <h3 className="text-base font-medium text-foreground">{preview.name}</h3>
          {preview.isNew && <Badge variant="brand">New</Badge>}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {preview.discussionsUrl && (
            <a
              href={preview.discussionsUrl}
              target="_blank"
              rel="noreferrer noopener"
              className={buttonClasses({ type: 'text', size: 'tiny' })}
            >
              <ExternalLink size={14} aria-hidden />
              Give feedback
            </a>
          )}
          {available ? (
            <Button size="tiny" type={enabled ? 'default' : 'primary'} onClick={() => onToggle(!enabled)}>
              {enabled ? 'Disable feature' : 'Enable feature'}
            </Button>
          ) : (
            <Button size="tiny" type="default" disabled>
              Coming soon
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-3 text-sm leading-relaxed text-foreground-light [&_code]:font-mono [&_code]:text-xs [&_strong]:font-medium [&_strong]:text-foreground">
        {preview.content}
      </div>
    </div>
  )
}

import clsx from 'clsx'
import { Eye, EyeOff } from 'lucide-react'
import { useRef, type KeyboardEvent } from 'react'
import { Badge } from '@/components/ui'
import type { FeaturePreview } from './feature-previews'

export const featurePreviewTabId = (key: string) => `feature-preview-tab-${key}`
export const featurePreviewPanelId = 'feature-preview-details'

type Props = {
  previews: readonly FeaturePreview[]
  selectedKey: string
  isEnabled: (preview: FeaturePreview) => boolean
  onSelect: (key: FeaturePreview['key']) => void
}

/**
 * The previews as a vertical tab list: each with an eye (on) or a crossed eye (off). Arrow keys,
 * Home and End move the selection, as in any tab list.
 */
export function FeaturePreviewList({ previews, selectedKey, isEnabled, onSelect }: Props) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = previews.findIndex((p) => p.key === selectedKey)
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: previews.length - 1 }[event.key]
    if (next === undefined) return
    event.preventDefault()
    const wrapped = (next + previews.length) % previews.length
    onSelect(previews[wrapped].key)
    tabs.current[wrapped]?.focus()
  }

  return (
    <div role="tablist" aria-label="Feature previews" aria-orientation="vertical" onKeyDown={onKeyDown} className="flex flex-col gap-0.5 p-2">
      {previews.map((preview, i) => {
        const selected = preview.key === selectedKey
        const enabled = isEnabled(preview)
        const Icon = enabled ? Eye : EyeOff
        return (
          <button
            key={preview.key}
            ref={(el) => {
              tabs.current[i] = el
            }}
            id={featurePreviewTabId(preview.key)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={featurePreviewPanelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(preview.key)}
            className={clsx(
              'flex w-full items-center gap-2 rounded-md px-2.5 py-2 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-brand',
              selected ? 'bg-surface-raised text-foreground' : 'text-foreground-light hover:bg-surface-raised hover:text-foreground'
            )}
          >
            <Icon size={14} aria-hidden className={clsx('shrink-0', enabled ? 'text-brand' : 'text-foreground-lighter')} />
            <span className="sr-only">{enabled ? 'Enabled:' : 'Disabled:'}</span>
            <span className="min-w-0 flex-1 truncate">{preview.name}</span>
            {preview.isNew && (
              <Badge variant="brand" aria-hidden>
                New
              </Badge>
            )}
          </button>
        )
      })}
    </div>
  )
}

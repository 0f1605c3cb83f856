import { useId, useState } from 'react'
import { FileCode } from 'lucide-react'
import type { EditorPanelTemplate } from '@/state/editor-panel'
import { filterTemplates } from './EditorPanel.utils'

/** The templates to start from, narrowed by a filter; picking one hands its SQL to `onPick`. */
export function TemplateList({ templates, onPick }: { templates: readonly EditorPanelTemplate[]; onPick: (template: EditorPanelTemplate) => void }) {
  const [query, setQuery] = useState('')
  const headingId = useId()
  const shown = filterTemplates(templates, query)

  return (
    <section aria-labelledby={headingId} className="flex min-h-0 flex-1 flex-col border-t border-border">
      <div className="flex shrink-0 items-center gap-2 px-3 pt-3 pb-2">
        <h3 id={headingId} className="flex-1 text-xs font-medium text-foreground-light">
          Start from a template
        </h3>
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            // Escape first clears the filter; an empty filter lets it close the panel.
            if (e.key === 'Escape' && query !== '') {
              e.stopPropagation()
              setQuery('')
            }
          }}
          placeholder="Filter templates"
          aria-label="Filter templates"
          className="h-7 w-40 rounded-md border border-border bg-background px-2 text-xs text-foreground placeholder:text-foreground-lighter focus-visible:ring-2 focus-visible:ring-brand focus-visible:outline-none"
        />
      </div>
      {shown.length === 0 ? (
        <p className="px-3 py-2 text-sm text-foreground-light">No templates match “{query.trim()}”</p>
      ) : (
        <ul aria-labelledby={headingId} className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
          {shown.map((template) => (
            <li key={template.name}>
              <button
                type="button"
                onClick={() => onPick(template)}
                className="flex w-full items-start gap-2 rounded-md px-2 py-1.5 text-left outline-none hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-brand"
              >
                <FileCode size={14} aria-hidden className="mt-0.5 shrink-0 text-foreground-lighter" />
                <span className="min-w-0">
                  <span className="block truncate text-sm text-foreground">{template.name}</span>
                  <span className="block text-xs text-foreground-light">{template.description}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

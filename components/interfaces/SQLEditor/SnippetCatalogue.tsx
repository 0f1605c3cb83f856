import { Search, SearchX } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { Button, EmptyState, Input } from '@/components/ui'
import type { Snippet } from '@/lib/snippets'
import { searchSnippets } from '@/lib/snippets/search'

export type SnippetCatalogueProps = {
  snippets: readonly Snippet[]
  /** What the list holds, e.g. "Templates": names the list and the search box. */
  label: string
  onPick: (snippet: Snippet) => void
}

/**
 * Library snippets as cards (title and description), with a search box that filters on both.
 * Picking a card hands the snippet to `onPick`; what happens next is the page's business.
 */
export function SnippetCatalogue({ snippets, label, onPick }: SnippetCatalogueProps) {
  const [query, setQuery] = useState('')
  const shown = useMemo(() => searchSnippets(snippets, query), [snippets, query])
  const statusId = useId()
  const noun = label.toLowerCase()

  return (
    <div className="flex flex-col gap-4">
      <div className="relative w-full sm:max-w-sm">
        <Search size={14} aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-foreground-lighter" />
        <Input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={`Search ${noun}`}
          aria-label={`Search ${noun}`}
          aria-describedby={statusId}
          className="pl-8"
        />
      </div>
      {/* Announced as the list narrows: the cards themselves change silently. */}
      <p id={statusId} role="status" className="sr-only">
        {query.trim() ? `${shown.length} of ${snippets.length} ${noun} shown` : `${snippets.length} ${noun}`}
      </p>

      {shown.length === 0 ? (
        <EmptyState
          icon={<SearchX size={24} />}
          title={`No ${noun} match “${query.trim()}”`}
          description="Titles and descriptions are searched. Try other words."
          action={
            <Button size="tiny" onClick={() => setQuery('')}>
              Clear search
            </Button>
          }
        />
      ) : (
        <ul aria-label={label} className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {shown.map((snippet) => (
            <li key={snippet.id} className="min-w-0">
              <button
                type="button"
                onClick={() => onPick(snippet)}
                className="flex h-full w-full flex-col gap-1 rounded-lg border border-border bg-surface p-4 text-left shadow-xs transition-colors outline-none hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-brand focus-visible:ring-offset-1 focus-visible:ring-offset-background"
              >
                <span className="text-sm font-medium break-words text-foreground">{snippet.title}</span>
                <span className="text-sm break-words text-foreground-light">{snippet.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

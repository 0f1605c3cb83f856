/**
 * The docs search's results inside a command menu (cmdk): each page as an item with its title and
 * subtitle or description, and the sections that matched as items below it, so the arrow keys walk
 * through pages and sections alike and Enter opens one. The backend already chose the results:
 * they are shown whatever the menu's own filter thinks of them (`forceMount`).
 */
import { Command } from 'cmdk'
import { AlertCircle, BookOpen, FileText, Hash, MessagesSquare, Puzzle } from 'lucide-react'
import { docsResultHref, type DocsSearchResult } from '@/data/docs-search/docs-search-results'
import { Spinner } from '@/components/ui'
import { shownResults, type DocsSearchState } from './docs-search-state'

export const DOCS_SEARCH_GROUP_HEADING = 'Docs'

/** Items and headings of a command menu look alike everywhere (CommandMenu uses them too). */
export const commandItemClasses =
  'flex cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-sm text-foreground outline-none data-[selected=true]:bg-surface-raised data-[disabled=true]:opacity-50'

const TYPE_ICONS: Record<string, typeof FileText> = {
  markdown: FileText,
  reference: BookOpen,
  'partner-integration': Puzzle,
  'github-discussions': MessagesSquare,
}

export interface DocsSearchResultsProps {
  state: DocsSearchState
  /** Opens a page or one of its sections (`/docs/auth#sessions`, or a URL of another docs site). */
  onOpen: (href: string) => void
}

export function DocsSearchResults({ state, onOpen }: DocsSearchResultsProps) {
  const results = shownResults(state)
  const busy = state.status === 'loading' || state.status === 'partialResults'
  if (state.status === 'initial') return null

  return (
    <Command.Group heading={DOCS_SEARCH_GROUP_HEADING} forceMount aria-busy={busy}>
      <DocsSearchStatus state={state} count={results.length} />
      {results.map((result) => (
        <DocsSearchResultItems key={result.id} result={result} onOpen={onOpen} />
      ))}
    </Command.Group>
  )
}

function DocsSearchStatus({ state, count }: { state: DocsSearchState; count: number }) {
  // Announced to screen readers as it changes; shown as a line of its own only when there is no list.
  let text: string
  let visible = count === 0
  if (state.status === 'noResults') text = `No docs match “${state.search.query}”`
  else if (state.status === 'error') text = state.message ? `Docs search failed: ${state.message}` : 'Docs search failed. Try again in a moment.'
  else if (state.status === 'loading' || state.status === 'partialResults') {
    text = 'Searching the docs…'
    visible = true
  } else text = `${count} docs ${count === 1 ? 'page' : 'pages'} found`

  return (
    <div role="status" className={visible ? 'flex items-center gap-2 px-3 py-2 text-sm text-foreground-light' : 'sr-only'}>
      {visible && (state.status === 'error' ? <AlertCircle size={14} aria-hidden className="text-destructive" /> : state.status !== 'noResults' && <Spinner size={14} label={null} />)}
      <span>{text}</span>
    </div>
  )
}

function DocsSearchResultItems({ result, onOpen }: { result: DocsSearchResult; onOpen: (href: string) => void }) {
  const Icon = TYPE_ICONS[result.type] ?? FileText
  const detail = result.subtitle ?? result.description
  return (
    <>
      <Command.Item value={`docs:${result.id}`} forceMount onSelect={() => onOpen(docsResultHref(result))} className={commandItemClasses}>
        <Icon size={16} aria-hidden className="shrink-0 text-foreground-lighter" />
        <span className="min-w-0">
          <span className="block truncate">{result.title}</span>
          {detail && <span className="block truncate text-xs text-foreground-light">{detail}</span>}
        </span>
      </Command.Item>
      {result.sections.map((section) => (
        <Command.Item
          key={section.slug}
          value={`docs:${result.id}#${section.slug}`}
          forceMount
          onSelect={() => onOpen(docsResultHref(result, section))}
          className={`${commandItemClasses} pl-9`}
        >
          <Hash size={14} aria-hidden className="shrink-0 text-foreground-lighter" />
          <span className="truncate">{section.heading}</span>
          <span className="sr-only">{` in ${result.title}`}</span>
        </Command.Item>
      ))}
    </>
  )
}

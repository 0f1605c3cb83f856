/**
 * SPEC §4: the docs search as a state machine, a pure reducer. A search asks two sources (full
 * text and semantic) at once:
 * - initial: nothing asked yet (or reset);
 * - loading: a search is under way; the results of the previous one stay shown meanwhile;
 * - partialResults: one source answered with results, the other has not answered yet;
 * - fullResults: both answered, with results (merged, each id once, in the order they arrived);
 * - noResults: both answered, without results;
 * - error: both answered without results, and at least one failed (only then: a source that
 *   fails while the other finds something is not worth an error).
 * Answers of any search but the latest are ignored.
 */
import type { DocsSearchResult } from '@/data/docs-search/docs-search-results'
import type { DocsSearchSource } from '@/data/docs-search/docs-search-query'

export const DOCS_SEARCH_SOURCES: readonly DocsSearchSource[] = ['fullText', 'semantic']

/** The latest search: what was asked and what has come back so far. */
export type DocsSearch = {
  searchId: number
  query: string
  answered: DocsSearchSource[]
  /** Merged results of the sources that answered. */
  results: DocsSearchResult[]
  /** Messages of the sources that failed (possibly empty text), by source. */
  errors: Partial<Record<DocsSearchSource, string>>
}

export type DocsSearchState =
  | { status: 'initial' }
  | { status: 'loading'; search: DocsSearch; staleResults: DocsSearchResult[] }
  | { status: 'partialResults'; search: DocsSearch; results: DocsSearchResult[] }
  | { status: 'fullResults'; search: DocsSearch; results: DocsSearchResult[] }
  | { status: 'noResults'; search: DocsSearch }
  | { status: 'error'; search: DocsSearch; message: string }

export type DocsSearchEvent =
  | { type: 'newSearchDispatched'; searchId: number; query: string }
  | { type: 'resultsReturned'; searchId: number; sourceId: DocsSearchSource; results: DocsSearchResult[] }
  | { type: 'errored'; searchId: number; sourceId: DocsSearchSource; message: string }
  | { type: 'reset' }

export const initialDocsSearchState: DocsSearchState = { status: 'initial' }

/** What the list shows: the current results, or the previous search's while loading. */
export function shownResults(state: DocsSearchState): DocsSearchResult[] {
  switch (state.status) {
    case 'loading':
      return state.staleResults
    case 'partialResults':
    case 'fullResults':
      return state.results
    default:
      return []
  }
}

/** `results` with those of `more` added whose id is new, in order. */
export function mergeResults(results: DocsSearchResult[], more: DocsSearchResult[]): DocsSearchResult[] {
  const seen = new Set(results.map((r) => r.id))
  const merged = [...results]
  for (const result of more) {
    if (seen.has(result.id)) continue
    seen.add(result.id)
    merged.push(result)
  }
  return merged
}

function settle(state: Exclude<DocsSearchState, { status: 'initial' }>, search: DocsSearch): DocsSearchState {
  const everyone = DOCS_SEARCH_SOURCES.every((source) => search.answered.includes(source))
  if (search.results.length > 0) return { status: everyone ? 'fullResults' : 'partialResults', search, results: search.results }
  if (!everyone) return { status: 'loading', search, staleResults: state.status === 'loading' ? state.staleResults : [] }
  const failed = DOCS_SEARCH_SOURCES.filter((source) => source in search.errors)
  if (failed.length === 0) return { status: 'noResults', search }
  // The first failure that says something (the full-text source carries the server's message).
  return { status: 'error', search, message: failed.map((source) => search.errors[source]).find(Boolean) ?? '' }
}

export function docsSearchReducer(state: DocsSearchState, event: DocsSearchEvent): DocsSearchState {
  switch (event.type) {
    case 'reset':
      return initialDocsSearchState
    case 'newSearchDispatched':
      return {
        status: 'loading',
        search: { searchId: event.searchId, query: event.query, answered: [], results: [], errors: {} },
        staleResults: shownResults(state),
      }
    case 'resultsReturned':
    case 'errored': {
      if (state.status === 'initial' || state.search.searchId !== event.searchId) return state // an older search
      if (state.search.answered.includes(event.sourceId)) return state // a source answers once
      const search: DocsSearch = {
        ...state.search,
        answered: [...state.search.answered, event.sourceId],
        results: event.type === 'resultsReturned' ? mergeResults(state.search.results, event.results) : state.search.results,
        errors: event.type === 'errored' ? { ...state.search.errors, [event.sourceId]: event.message } : state.search.errors,
      }
      return settle(state, search)
    }
  }
}

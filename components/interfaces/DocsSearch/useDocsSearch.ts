/**
 * Docs search for a component: `search(query)` (debounced) asks both sources at once and feeds
 * their answers to the state machine (docs-search-state.ts) tagged with the search's id, so that a
 * late answer of an older search changes nothing. A newer search or an empty query gives up the
 * requests still out; so does unmounting.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { useRuntimeConfigQuery } from '@/data/config/config-query'
import { DocsSearchError, searchDocsFullText, searchDocsSemantic, type DocsSearchSource, type DocsSearchVariables } from '@/data/docs-search/docs-search-query'
import type { DocsSearchResult } from '@/data/docs-search/docs-search-results'
import { DOCS_SEARCH_DEBOUNCE_MS } from './DocsSearch.constants'
import { docsSearchReducer, initialDocsSearchState, type DocsSearchState } from './docs-search-state'

const SOURCES: [DocsSearchSource, (variables: DocsSearchVariables, signal: AbortSignal) => Promise<DocsSearchResult[]>][] = [
  ['fullText', searchDocsFullText],
  ['semantic', searchDocsSemantic],
]

export type UseDocsSearch = {
  state: DocsSearchState
  /** Searches for `query` after the debounce; an empty query resets. */
  search: (query: string) => void
  reset: () => void
}

export function useDocsSearch(): UseDocsSearch {
  const { data: config } = useRuntimeConfigQuery()
  const docsSearchUrl = config?.docsSearchUrl
  const [state, dispatch] = useReducer(docsSearchReducer, initialDocsSearchState)
  const lastId = useRef(0)
  const inFlight = useRef<AbortController | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const cancel = useCallback(() => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
    inFlight.current?.abort()
    inFlight.current = null
  }, [])

  const start = useCallback(
    (query: string) => {
      const searchId = ++lastId.current
      const controller = new AbortController()
      inFlight.current = controller
      dispatch({ type: 'newSearchDispatched', searchId, query })
      for (const [sourceId, ask] of SOURCES) {
        ask({ query, docsSearchUrl }, controller.signal).then(
          (results) => dispatch({ type: 'resultsReturned', searchId, sourceId, results }),
          (error: unknown) => {
            if (controller.signal.aborted) return
            if (!(error instanceof DocsSearchError)) console.error('Docs search failed', error)
            dispatch({ type: 'errored', searchId, sourceId, message: error instanceof DocsSearchError ? error.message : '' })
          }
        )
      }
    },
    [docsSearchUrl]
  )

  const search = useCallback(
    (query: string) => {
      cancel()
      const trimmed = query.trim()
      if (!trimmed) {
        dispatch({ type: 'reset' })
        return
      }
      timer.current = setTimeout(() => {
        timer.current = null
        start(trimmed)
      }, DOCS_SEARCH_DEBOUNCE_MS)
    },
    [cancel, start]
  )

  const reset = useCallback(() => {
    cancel()
    dispatch({ type: 'reset' })
  }, [cancel])

  useEffect(() => cancel, [cancel])

  return { state, search, reset }
}

/**
 * The two sources of docs search (SPEC §7): full-text search and semantic search, on the docs
 * backend the server names (`docsSearchUrl` of /api/config). Each answers the valid results of an
 * array (docs-search-results.ts), or throws DocsSearchError with the message SPEC §8 gives:
 * - full text: an answer that is not an array → the server's message, or empty text; a network
 *   failure → logged, empty text;
 * - semantic: an answer that is not an array → "didn't get expected results array"; a network
 *   failure → logged, empty text.
 * A search given up (a newer one started) rejects with the AbortError of its signal.
 */
import { docsSearchRoutes } from '@/lib/api-types/browser/docs-search.routes'
import { API_URL } from '@/lib/client-config'
import { call, isResponseError } from '../fetchers'
import { toDocsSearchResults, type DocsSearchResult } from './docs-search-results'

export type DocsSearchSource = 'fullText' | 'semantic'

export class DocsSearchError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DocsSearchError'
  }
}

/** The built-in docs backend, when the server does not name one. */
export const defaultDocsSearchUrl = () => `${API_URL}/docs`

export const NOT_AN_ARRAY_MESSAGE = "didn't get expected results array"

export type DocsSearchVariables = { query: string; docsSearchUrl?: string }

const messageOf = (answer: unknown): string => {
  const message = (answer as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : ''
}

async function ask(source: DocsSearchSource, { query, docsSearchUrl }: DocsSearchVariables, signal?: AbortSignal): Promise<unknown> {
  const route = source === 'fullText' ? docsSearchRoutes.searchDocsFullText : docsSearchRoutes.searchDocsSemantic
  try {
    // SPEC §5: the query is trimmed; the answer is checked below, whatever the declaration says,
    // since the docs backend may be another server.
    return (await call(route, { body: { query: query.trim() } }, { signal, base: docsSearchUrl ?? defaultDocsSearchUrl() })) as unknown
  } catch (error) {
    if (!isResponseError(error)) throw error // given up: the caller's abort
    if (error.network) {
      console.error(`Error fetching ${source === 'fullText' ? 'full text' : 'semantic'} search results`, error)
      throw new DocsSearchError('')
    }
    // An error status is an answer that is not an array: its message is the server's.
    return { message: error.message }
  }
}

export async function searchDocsFullText(variables: DocsSearchVariables, signal?: AbortSignal): Promise<DocsSearchResult[]> {
  const answer = await ask('fullText', variables, signal)
  if (!Array.isArray(answer)) throw new DocsSearchError(messageOf(answer))
  return toDocsSearchResults(answer)
}

export async function searchDocsSemantic(variables: DocsSearchVariables, signal?: AbortSignal): Promise<DocsSearchResult[]> {
  const answer = await ask('semantic', variables, signal)
  if (!Array.isArray(answer)) throw new DocsSearchError(NOT_AN_ARRAY_MESSAGE)
  return toDocsSearchResults(answer)
}

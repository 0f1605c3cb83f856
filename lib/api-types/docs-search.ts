import { z } from 'zod'
import { textField } from './zod-helpers'

/** SPEC §3: where a docs search result comes from. The built-in backend serves `markdown` pages. */
export const DOCS_RESULT_TYPES = ['markdown', 'reference', 'partner-integration', 'github-discussions'] as const
export type DocsResultType = (typeof DOCS_RESULT_TYPES)[number]

/** Longest query the docs backend reads: enough for any question, not for a pasted document. */
export const DOCS_SEARCH_QUERY_MAX_LENGTH = 300

/** A search body is one short query; anything bigger is refused before it is parsed. */
export const DOCS_SEARCH_MAX_BODY_BYTES = 4 * 1024

/** SPEC §5: the query is trimmed before it is searched for. */
export const docsSearchBody = z.object(
  {
    query: textField('query')
      .trim()
      .min(1, 'query must not be empty')
      .max(DOCS_SEARCH_QUERY_MAX_LENGTH, `query must be at most ${DOCS_SEARCH_QUERY_MAX_LENGTH} characters`),
  },
  { error: 'The body must be a JSON object with a query, e.g. {"query": "sign in"}' }
)
export type DocsSearchBody = z.input<typeof docsSearchBody>

/**
 * One page that matched, as a docs backend answers it: the sections that matched are two lists
 * of the same length (`headings[i]` is found at `path#slugs[i]`). The dashboard checks every
 * answer (SPEC §5), since its docs backend may be another server.
 */
export const docsSearchRow = z.object({
  id: z.string(),
  path: z.string(),
  type: z.enum(DOCS_RESULT_TYPES),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  headings: z.array(z.string()),
  slugs: z.array(z.string()),
})
export type DocsSearchRow = z.infer<typeof docsSearchRow>

export const docsSearchAnswer = z.array(docsSearchRow)

/**
 * The semantic search endpoint names the way it answered in this header: `embeddings` (an
 * embeddings model is configured) or `trigram` (similar spelling, pg_trgm).
 */
export const DOCS_SEARCH_MODE_HEADER = 'X-Docs-Search-Mode'
export const DOCS_SEARCH_MODES = ['embeddings', 'trigram'] as const
export type DocsSearchMode = (typeof DOCS_SEARCH_MODES)[number]

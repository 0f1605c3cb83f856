import type { docsSearchRoutes } from '@/lib/api-types'
import type { Examples } from './types'

/** Public: every caller searches the product's docs alike. */
export const docsSearchExamples: Examples<typeof docsSearchRoutes> = {
  searchDocsFullText: { path: () => '/docs/rest/v1/rpc/docs_search_fts', body: () => ({ query: 'snippet library' }) },
  searchDocsSemantic: { path: () => '/docs/functions/v1/search-embeddings', body: () => ({ query: 'snippet library' }) },
}

/**
 * The docs backend's routes (lib/api-types/docs-search.routes.ts): public, each client address
 * rate limited; the query arrives trimmed and length-checked. The semantic search says in
 * X-Docs-Search-Mode whether embeddings or similar spelling answered it: embeddings when a model
 * is configured and the index holds its vectors, trigram otherwise, and also when the model fails
 * on a query (logged), so a search never fails for want of the model.
 */
import { DOCS_SEARCH_MODE_HEADER, type DocsSearchMode, type docsSearchRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import type { Platform } from '../kernel/platform'
import { embedDocsInBackground } from './embed-docs'
import { embed, norm } from './embeddings'
import { hasEmbeddings, searchEmbeddings, searchFullText, searchTrigram } from './search'

async function semanticSearch(platform: Platform, query: string, requestId: string) {
  const config = platform.config.docsSearch.embeddings
  if (config) {
    if (await hasEmbeddings(platform.db, config.model)) {
      try {
        const [vector] = await embed(config, [query])
        const length = norm(vector)
        if (length > 0) return { mode: 'embeddings' as const, rows: await searchEmbeddings(platform.db, config.model, vector, length) }
      } catch (error) {
        console.warn(`[${requestId}] Docs search: the embeddings model failed, answering by trigram: ${(error as Error).message}`)
      }
    } else embedDocsInBackground(platform, { retry: true })
  }
  return { mode: 'trigram' as const, rows: await searchTrigram(platform.db, query) }
}

export const docsSearchHandlers: Handlers<typeof docsSearchRoutes> = {
  searchDocsFullText: ({ platform, body }) => searchFullText(platform.db, body.query),
  searchDocsSemantic: async ({ platform, body, res, requestId }) => {
    const { mode, rows } = await semanticSearch(platform, body.query, requestId)
    res.setHeader(DOCS_SEARCH_MODE_HEADER, mode satisfies DocsSearchMode)
    return rows
  },
}

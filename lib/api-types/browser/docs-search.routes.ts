// Generated from ../docs-search.routes.ts by `node scripts/browser-routes.mjs`; a test fails when it is out of date.
import type { docsSearchRoutes as declaredDocsSearchRoutes } from '../docs-search.routes'
import { browserRoutes } from './browser-route'

export const docsSearchRoutes = browserRoutes<typeof declaredDocsSearchRoutes>({
  searchDocsFullText: ['POST', '/docs/rest/v1/rpc/docs_search_fts', 'public'],
  searchDocsSemantic: ['POST', '/docs/functions/v1/search-embeddings', 'public'],
})

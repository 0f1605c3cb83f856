/**
 * The built-in docs backend: full-text and semantic search over the product's docs (SPEC §7).
 * The paths mirror those of a hosted docs backend (`{docs-backend}/rest/v1/rpc/…` and
 * `{docs-backend}/functions/v1/…`) below `/docs`, so the dashboard can be pointed at either.
 * Public: the docs are; each client address is rate limited instead.
 */
import { route, type RouteRateLimit } from './route'
import { DOCS_SEARCH_MAX_BODY_BYTES, docsSearchAnswer, docsSearchBody } from './docs-search'

/** Both searches count together, per client address. */
const perClient = [{ bucket: 'docs-search:ip', rule: 'docsSearchPerIp', key: 'ip' }] as const satisfies RouteRateLimit<unknown>[]

export const docsSearchRoutes = {
  searchDocsFullText: route({
    method: 'POST',
    path: '/docs/rest/v1/rpc/docs_search_fts',
    auth: 'public',
    body: docsSearchBody,
    answer: docsSearchAnswer,
    maxBodyBytes: DOCS_SEARCH_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
  searchDocsSemantic: route({
    method: 'POST',
    path: '/docs/functions/v1/search-embeddings',
    auth: 'public',
    body: docsSearchBody,
    answer: docsSearchAnswer,
    maxBodyBytes: DOCS_SEARCH_MAX_BODY_BYTES,
    rateLimit: [...perClient],
  }),
}

import { routes } from '@/lib/api-types'
import { rebasedRouteUrl, routeUrl } from '../fetchers'

describe('the docs backend URLs', () => {
  it.each([
    ['/api/docs', routes.searchDocsFullText, '/api/docs/rest/v1/rpc/docs_search_fts'],
    ['/api/docs/', routes.searchDocsSemantic, '/api/docs/functions/v1/search-embeddings'],
    ['https://docs.example.com/search', routes.searchDocsFullText, 'https://docs.example.com/search/rest/v1/rpc/docs_search_fts'],
  ])('base %s', (base, route, url) => {
    expect(rebasedRouteUrl(route, base)).toBe(url)
  })

  it('the default base reaches the route the built-in platform serves', () => {
    const bases = { api: '/api', platform: '/api/platform' }
    expect(rebasedRouteUrl(routes.searchDocsFullText, '/api/docs')).toBe(routeUrl(routes.searchDocsFullText, {}, undefined, bases))
    expect(rebasedRouteUrl(routes.searchDocsSemantic, '/api/docs')).toBe(routeUrl(routes.searchDocsSemantic, {}, undefined, bases))
  })
})

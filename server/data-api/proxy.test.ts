// @vitest-environment node
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'
import { dataApiTarget } from './proxy'

it.each([
  ['/p/abcdefghijklmnopqrst/rest/v1/todos', { ref: 'abcdefghijklmnopqrst', rest: '/todos' }],
  ['/p/abc/rest/v1/rpc/hello', { ref: 'abc', rest: '/rpc/hello' }],
  ['/p/abc/rest/v1', { ref: 'abc', rest: '/' }],
  ['/p/abc/rest/v1/', { ref: 'abc', rest: '/' }],
  ['/p/abc/rest/v2/todos', null],
  ['/p/ABC/rest/v1/todos', null],
  ['/p//rest/v1/todos', null],
  ['/platform/projects/abc/api-settings', null],
  ['/docs/rest/v1/rpc/docs_search_fts', null],
])('%s → %o', (path, expected) => expect(dataApiTarget(path)).toEqual(expected))

it('has Next send {site}/p/{ref}/rest/v1/… to the platform under /api, as supabase-js calls it', async () => {
  const config = createRequire(import.meta.url)('../../next.config.js') as { rewrites: () => Promise<{ source: string; destination: string }[]> }
  expect(await config.rewrites()).toContainEqual({ source: '/p/:ref/rest/v1/:path*', destination: '/api/p/:ref/rest/v1/:path*' })
})

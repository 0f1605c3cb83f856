// @vitest-environment node
import { createRequire } from 'node:module'
import { expect, it } from 'vitest'
import { projectTarget } from './target'

it.each([
  ['/p/abcdefghijklmnopqrst/rest/v1/todos', { ref: 'abcdefghijklmnopqrst', service: 'rest', rest: '/todos' }],
  ['/p/abc/rest/v1/rpc/hello', { ref: 'abc', service: 'rest', rest: '/rpc/hello' }],
  ['/p/abc/rest/v1', { ref: 'abc', service: 'rest', rest: '/' }],
  ['/p/abc/auth/v1/', { ref: 'abc', service: 'auth', rest: '/' }],
  ['/p/abc/storage/v1/object/public/avatars/a.png', { ref: 'abc', service: 'storage', rest: '/object/public/avatars/a.png' }],
  ['/p/abc/rest/v2/todos', null],
  ['/p/ABC/rest/v1/todos', null],
  ['/p//rest/v1/todos', null],
  ['/p/abc/REST/v1/todos', null],
  ['/platform/projects/abc/api-settings', null],
  ['/docs/rest/v1/rpc/docs_search_fts', null],
])('%s → %o', (path, expected) => expect(projectTarget(path)).toEqual(expected))

it('has Next send {site}/p/{ref}/{service}/v1/… to the platform under /api, as supabase-js calls it', async () => {
  const config = createRequire(import.meta.url)('../../next.config.js') as { rewrites: () => Promise<{ source: string; destination: string }[]> }
  expect(await config.rewrites()).toContainEqual({ source: '/p/:ref/:service/v1/:path*', destination: '/api/p/:ref/:service/v1/:path*' })
})


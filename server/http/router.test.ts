import { z } from 'zod'
import { route } from '@/lib/api-types'
import { Router } from './router'

const list = route({ method: 'GET', path: '/platform/projects', answer: z.unknown() })
const create = route({ method: 'POST', path: '/platform/projects', answer: z.unknown() })
const detail = route({ method: 'GET', path: '/platform/projects/:ref', params: z.object({ ref: z.string() }), answer: z.unknown() })

describe('Router', () => {
  const router = new Router<string>().add(list, 'list').add(create, 'create').add(detail, 'detail')

  it.each([
    ['GET', '/platform/projects', 'list', {}],
    ['POST', '/platform/projects', 'create', {}],
    ['GET', '/platform/projects/abc', 'detail', { ref: 'abc' }],
    ['GET', '/platform/projects/a%20b', 'detail', { ref: 'a b' }],
    ['HEAD', '/platform/projects/abc', 'detail', { ref: 'abc' }],
    ['GET', '/platform/projects/', 'list', {}],
  ])('%s %s matches %s with %j', (method, path, handler, params) => {
    const match = router.match(method, path)
    expect(match).toMatchObject({ kind: 'found', handler, params })
  })

  it('tells a wrong method from a missing path and a broken escape', () => {
    expect(router.match('DELETE', '/platform/projects')).toEqual({ kind: 'methodNotAllowed', allowed: ['GET', 'POST'] })
    expect(router.match('GET', '/platform/nothing')).toEqual({ kind: 'notFound' })
    expect(router.match('GET', '/platform/projects/abc/extra')).toEqual({ kind: 'notFound' })
    expect(router.match('GET', '/platform/projects/%E0%A4%A')).toEqual({ kind: 'badPath' })
  })
})

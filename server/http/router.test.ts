import { Router } from './router'

const noop = async () => undefined

describe('Router', () => {
  const router = new Router().get('/platform/projects', noop).post('/platform/projects', noop).get('/platform/projects/:ref', noop)

  it.each([
    ['GET', '/platform/projects', {}],
    ['POST', '/platform/projects', {}],
    ['GET', '/platform/projects/abc', { ref: 'abc' }],
    ['GET', '/platform/projects/a%20b', { ref: 'a b' }],
    ['HEAD', '/platform/projects/abc', { ref: 'abc' }],
    ['GET', '/platform/projects/', {}],
  ])('%s %s matches with %j', (method, path, params) => {
    const match = router.match(method, path)
    expect(match).not.toBeNull()
    expect(match).not.toBe('methodNotAllowed')
    expect((match as { params: object }).params).toEqual(params)
  })

  it('tells a wrong method from a missing path', () => {
    expect(router.match('DELETE', '/platform/projects')).toBe('methodNotAllowed')
    expect(router.match('GET', '/platform/nothing')).toBeNull()
    expect(router.match('GET', '/platform/projects/abc/extra')).toBeNull()
    expect(router.match('GET', '/platform/projects/%E0%A4%A')).toBeNull()
  })
})

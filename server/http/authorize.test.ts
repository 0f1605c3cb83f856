import { route, routes } from '@/lib/api-types'
import { z } from 'zod'
import { scopeBeforeBody } from './authorize'

describe('the scope a route names before its body is read', () => {
  it('is the project ref or organization slug of the path', () => {
    expect(scopeBeforeBody(routes.runQuery, { params: { ref: 'abcdefghijklmnopqrst' }, query: {} })).toEqual({ kind: 'project', key: 'abcdefghijklmnopqrst' })
    expect(scopeBeforeBody(routes.getOrganization, { params: { slug: 'acme' }, query: {} })).toEqual({ kind: 'org', key: 'acme' })
  })

  it('is not known for a route that names it in its body (looked up once the body is read), nor for one without a scope', () => {
    expect(scopeBeforeBody(routes.createProject, { params: {}, query: {} })).toBeUndefined()
    expect(scopeBeforeBody(routes.getProfile, { params: {}, query: {} })).toBeUndefined()
  })

  it('may come from the query', () => {
    const byQuery = route({ method: 'GET', path: '/platform/x', query: z.object({ ref: z.string() }), answer: z.unknown(), scope: { kind: 'project', key: (i) => i.query.ref } })
    expect(scopeBeforeBody(byQuery, { params: {}, query: { ref: 'r' } })).toEqual({ kind: 'project', key: 'r' })
  })

  it("lets a scope key's own failure through", () => {
    const broken = route({ method: 'GET', path: '/platform/y', answer: z.unknown(), scope: { kind: 'org', key: () => { throw new Error('broken key') } } })
    expect(() => scopeBeforeBody(broken, { params: {}, query: {} })).toThrow('broken key')
  })
})

import { errorReportBody } from '@/lib/api-types'
import { buildErrorReport } from './error-report-body'

const withStack = (message: string, stack: string) => Object.assign(new Error(message), { stack })

describe('buildErrorReport', () => {
  it('carries the tag, message, stack and path, and nothing of the context', () => {
    const body = buildErrorReport(withStack('boom', 'Error: boom\n    at X'), { tag: 'globalErrorBoundary', extra: { componentStack: 'at Y', email: 'me@example.com' } }, '/projects')
    expect(body).toEqual({ tag: 'globalErrorBoundary', message: 'boom', stack: 'Error: boom\n    at X', pathname: '/projects' })
  })

  it('names the platform request that failed', () => {
    const error = Object.assign(new Error('API error'), { requestId: '0d7c-11ee' })
    expect(buildErrorReport(error, { tag: 't' }, '/').request_id).toBe('0d7c-11ee')
    expect(buildErrorReport(new Error('x'), { tag: 't', extra: { requestId: 'abc' } }, '/').request_id).toBe('abc')
    expect(buildErrorReport(Object.assign(new Error('x'), { requestId: 'has spaces' }), { tag: 't' }, '/')).not.toHaveProperty('request_id')
  })

  it.each([
    ['a string', 'plain text', 'plain text'],
    ['an empty error', new Error(''), 'Error'],
    ['an object', { code: 42 }, '{"code":42}'],
    ['undefined', undefined, 'undefined'],
    ['an empty string', '', 'Unknown error'],
  ])('makes a message of %s', (_name, thrown, message) => {
    expect(buildErrorReport(thrown, { tag: 't' }, '/').message).toBe(message)
  })

  it('always builds what the platform accepts: cut, mended, tag and path made valid', () => {
    const body = buildErrorReport(withStack('m'.repeat(5000), `s\uD800${'s'.repeat(30_000)}`), { tag: 'my tag/with slash' }, 'not-a-path')
    expect(body.tag).toBe('my_tag_with_slash')
    expect(body.message).toHaveLength(2000)
    expect(body.stack).toHaveLength(20_000)
    expect(body.pathname).toBe('/')
    expect(errorReportBody.safeParse(body).success).toBe(true)
  })
})

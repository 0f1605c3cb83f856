// @vitest-environment node
/**
 * Garbage at every route of the route table, signed in and not: whatever arrives, the platform
 * answers 4xx (or success) as JSON with a request id, never a 5xx or an HTML page. Then the
 * inputs the attack on the platform found, one by one.
 */
import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_EMAIL_LENGTH, MAX_USER_METADATA_BYTES, routes, type RouteName } from '@/lib/api-types'
import { startTestPlatform, settle, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
let token: string
let ref: string
let orgSlug: string

beforeAll(async () => {
  tp = await startTestPlatform()
  token = (await tp.signUp()).token
  await tp.call('POST', '/platform/profile', { token })
  orgSlug = (await tp.call('POST', '/platform/organizations', { token, body: { name: 'Fuzz' } })).body.slug
  ref = (await tp.call('POST', '/platform/projects', { token, body: { name: 'Fuzz', organization_slug: orgSlug } })).body.ref
  await settle(tp.platform)
})
afterAll(async () => tp?.close())

type Sent = { status: number; type: string | null; text: string; requestId: string | null }

async function send(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Sent> {
  const res = await fetch(`${tp.url}${path}`, { method, headers: init.headers, body: init.body })
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text(), requestId: res.headers.get('x-request-id') }
}

function expectSane(res: Sent) {
  expect(res.status, res.text).toBeLessThan(500)
  expect(res.requestId).toBeTruthy()
  if (res.status === 204) return
  expect(res.type).toMatch(/^application\/json/)
  const body = JSON.parse(res.text)
  if (res.status >= 400) expect(body).toMatchObject({ code: res.status, message: expect.any(String), requestId: res.requestId })
}

// Text that breaks naive code: NUL, lone surrogates, %-escapes, quotes, long runs.
const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0000b', '%', '%E0%A4%A', '%zz', '\uD800', '../../etc/passwd', "'; drop table users; --", ' ', '', 'x'.repeat(5000)),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000`)
)
const jsonValue = fc.oneof(
  { depthSize: 'small' },
  fc.jsonValue(),
  nasty,
  fc.dictionary(fc.constantFrom('name', 'email', 'password', 'query', 'organization_slug', 'region', 'plan', 'data', 'refresh_token', 'cloud_provider'), fc.oneof(nasty, fc.jsonValue()))
)
/** Text as it may appear in a URL: %-escapes are kept as they are (broken ones included). */
function urlText(s: string): string {
  return s
    .split('%')
    .map((part) => {
      try {
        return encodeURIComponent(part)
      } catch {
        return '%ED%A0%80' // a lone surrogate, as its UTF-8 bytes
      }
    })
    .join('%')
}
const segment = fc.oneof(nasty, fc.constantFrom('default', 'abc'), fc.constant('REF')).map(urlText)
const query = fc.dictionary(fc.constantFrom('grant_type', 'results', 'scope', 'x'), nasty, { maxKeys: 2 })

describe('every route with garbage', () => {
  const names = Object.keys(routes) as RouteName[]
  it.each(names)('%s never answers 5xx or anything but JSON', async (name) => {
    const route = routes[name]
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        query,
        fc.oneof(jsonValue.map((v) => JSON.stringify(v) ?? 'null'), fc.string({ maxLength: 50 }), fc.constant('{"a":')),
        fc.boolean(),
        fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain'),
        async (segments, q, body, signedIn, contentType) => {
          let i = 0
          const path = route.path.replace(/:\w+/g, () => segments[i++].replace('REF', ref))
          const qs = Object.entries(q)
            .map(([k, v]) => `${k}=${urlText(v)}`)
            .join('&')
          const headers: Record<string, string> = { 'Content-Type': contentType }
          if (signedIn) headers.Authorization = `Bearer ${token}`
          const res = await send(route.method, `${path}${qs ? `?${qs}` : ''}`, { body: route.method === 'GET' ? undefined : body, headers })
          expectSane(res)
        }
      ),
      { numRuns: 25, seed: 20261123 }
    )
  })
})

describe('what the attack found', () => {
  const auth = { Authorization: () => `Bearer ${token}` }
  const json = (body: unknown) => ({ body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Authorization: auth.Authorization() } })

  it.each([
    ['an organization name', 'POST', '/platform/organizations', { name: 'a\u0000b' }],
    ['a project name', 'POST', '/platform/projects', { name: 'a\u0000b', organization_slug: 'x' }],
    ['an email', 'POST', '/auth/v1/signup', { email: 'a\u0000@example.com', password: 'correct horse battery staple' }],
    ['user metadata', 'POST', '/auth/v1/signup', { email: 'nul-meta@example.com', password: 'correct horse battery staple', data: { k: 'v\u0000' } }],
    ['a key of user metadata', 'POST', '/auth/v1/signup', { email: 'nul-key@example.com', password: 'correct horse battery staple', data: { 'k\u0000': 'v' } }],
    ['SQL', 'POST', '/platform/pg-meta/REF/query', { query: "select 'a\u0000'" }],
  ])('a NUL character in %s answers 400', async (_, method, path, body) => {
    const res = await send(method, path.replace('REF', ref), json(body))
    expectSane(res)
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).message).toContain('NUL')
  })

  it('a broken %-escape in a path answers 400 JSON', async () => {
    const res = await send('GET', '/platform/projects/%E0%A4%A', { headers: { Authorization: auth.Authorization() } })
    expectSane(res)
    expect(res.status).toBe(400)
  })

  it(`refuses an email over ${MAX_EMAIL_LENGTH} characters and user metadata over ${MAX_USER_METADATA_BYTES / 1024} KB`, async () => {
    const longEmail = await send('POST', '/auth/v1/signup', json({ email: `${'a'.repeat(5000)}@example.com`, password: 'correct horse battery staple' }))
    expect(longEmail.status).toBe(400)
    expect(JSON.parse(longEmail.text).msg).toContain('254 characters')
    const bigData = await send('POST', '/auth/v1/signup', json({ email: 'big-data@example.com', password: 'correct horse battery staple', data: { blob: 'x'.repeat(20_000) } }))
    expect(bigData.status).toBe(400)
    expect(JSON.parse(bigData.text).msg).toContain('User metadata')
  })

  it('refuses a body over the size limit with 413', async () => {
    const res = await send('POST', '/auth/v1/signup', json({ email: 'huge@example.com', password: 'x', data: { blob: 'x'.repeat(7 * 1024 * 1024) } }))
    expectSane(res)
    expect(res.status).toBe(413)
  })

  it.each(['   \n\t ', '-- just a comment', '/* block */ ; ; -- and a line'])('a query of only whitespace and comments (%j) answers 400', async (query) => {
    const res = await send('POST', `/platform/pg-meta/${ref}/query`, json({ query }))
    expect(res.status).toBe(400)
    expect(JSON.parse(res.text).message).toBe('query must contain a statement, not only comments and whitespace')
  })

  it.each(['http://[', '//platform/projects', 'http://127.0.0.1/platform/projects', '*'])(
    'a request target that is not a path (%s) answers 400 JSON',
    async (target) => {
      const { port } = new URL(tp.url)
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`))
        let text = ''
        socket.on('data', (c) => (text += c))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      expect(raw).toMatch(/^HTTP\/1\.1 400/)
      expect(raw).toMatch(/content-type: application\/json/i)
    }
  )

  it('a caller who may not call is refused before the body is read', async () => {
    const huge = JSON.stringify({ query: 'x'.repeat(5_000_000) })
    const res = await send('POST', `/platform/pg-meta/${ref}/query`, { body: huge, headers: { 'Content-Type': 'application/json' } })
    expect(res.status).toBe(401)
  })

  it('unknown paths and methods answer JSON 404 and 405', async () => {
    const missing = await send('GET', '/platform/nothing-here')
    expectSane(missing)
    expect(missing.status).toBe(404)
    const wrongMethod = await send('DELETE', '/platform/projects', { headers: { Authorization: auth.Authorization() } })
    expectSane(wrongMethod)
    expect(wrongMethod.status).toBe(405)
  })
})

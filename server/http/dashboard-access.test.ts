// @vitest-environment node
import { BEHIND_PROXY, dashboardRefusal, forwardedFor } from './dashboard-access'

const open = { isPlatform: false, dashboardAuth: null }
const guarded = { isPlatform: false, dashboardAuth: { username: 'admin', password: 'pässwörd: with colon' } }
const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`

it.each([
  // Platform mode has sign-in of its own.
  [{ isPlatform: true, dashboardAuth: null }, undefined, ['203.0.113.9'], null],
  [open, undefined, ['127.0.0.1'], null],
  [open, undefined, ['::ffff:127.0.0.1', '::1'], null],
  [open, undefined, ['127.0.0.1', '203.0.113.9'], 403],
  [open, undefined, ['203.0.113.9', '127.0.0.1'], 403],
  [open, undefined, [undefined], 403],
  [open, undefined, [], 403],
  // Where the address cannot be known (pages, in proxy.ts), only credentials are checked.
  [open, undefined, null, null],
  [guarded, basic('admin:pässwörd: with colon'), ['203.0.113.9'], null],
  [guarded, `basic  ${Buffer.from('admin:pässwörd: with colon').toString('base64')} `, null, null],
  [guarded, basic('admin:pässwörd: with colo'), ['127.0.0.1'], 401],
  [guarded, basic('Admin:pässwörd: with colon'), ['127.0.0.1'], 401],
  [guarded, basic('adminpässwörd: with colon'), ['127.0.0.1'], 401],
  [guarded, 'Bearer x', ['127.0.0.1'], 401],
  [guarded, undefined, ['127.0.0.1'], 401],
])('%j, %s, from %j → %s', (gate, authorization, addresses, status) => {
  expect(dashboardRefusal(gate, { authorization, addresses })?.status ?? null).toBe(status)
})

// A reverse proxy on this machine connects from loopback: without credentials, its marks refuse the request.
it.each([
  [{ forwarded: 'for=203.0.113.9;proto=https' }, undefined, 403],
  [{ via: '1.1 proxy' }, undefined, 403],
  [{ 'x-real-ip': '203.0.113.9' }, undefined, 403],
  [{ 'x-real-ip': '127.0.0.1' }, undefined, 403],
  [{ 'x-forwarded-server': 'proxy.example' }, undefined, 403],
  // nginx's proxy_pass speaks HTTP/1.0 unless told otherwise.
  [{}, '1.0', 403],
  // What Next's own server adds to every request it passes on marks nothing.
  [{ 'x-forwarded-host': 'localhost:3000', 'x-forwarded-port': '3000', 'x-forwarded-proto': 'http', 'x-forwarded-for': '127.0.0.1' }, '1.1', null],
  [{ forwarded: null, via: undefined }, '2.0', null],
])('from this machine, headers %j over HTTP/%s → %s', (headers, httpVersion, status) => {
  const refusal = dashboardRefusal(open, { authorization: undefined, addresses: ['127.0.0.1'], headers, httpVersion })
  expect(refusal?.status ?? null).toBe(status)
  if (refusal) expect(refusal.message).toBe(BEHIND_PROXY)
  // Pages (no address known) are refused alike; with credentials, a proxy is fine.
  expect(dashboardRefusal(open, { authorization: undefined, addresses: null, headers, httpVersion })?.status ?? null).toBe(status)
  expect(dashboardRefusal(guarded, { authorization: basic('admin:pässwörd: with colon'), addresses: ['127.0.0.1'], headers, httpVersion })).toBeNull()
})

it('reads every address a proxy forwarded', () => {
  expect(forwardedFor('203.0.113.9, 127.0.0.1')).toEqual(['203.0.113.9', '127.0.0.1'])
  expect(forwardedFor(['a', 'b, c'])).toEqual(['a', 'b', 'c'])
  expect(forwardedFor(null)).toEqual([])
})

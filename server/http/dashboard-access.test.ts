// @vitest-environment node
import { dashboardRefusal, forwardedFor } from './dashboard-access'

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

it('reads every address a proxy forwarded', () => {
  expect(forwardedFor('203.0.113.9, 127.0.0.1')).toEqual(['203.0.113.9', '127.0.0.1'])
  expect(forwardedFor(['a', 'b, c'])).toEqual(['a', 'b', 'c'])
  expect(forwardedFor(null)).toEqual([])
})

import { assertSafeJson, clientIp, hostName, isAllowedHost, MAX_JSON_DEPTH, readJsonBody } from './guards'
import type { IncomingMessage } from 'node:http'

const allowed = ['localhost', '127.0.0.1', '[::1]', 'dash.example.com']

it.each([
  ['localhost:3000', true],
  ['127.0.0.1', true],
  ['[::1]:3000', true],
  ['DASH.example.com', true],
  ['dash.example.com:443', true],
  ['evil.example', false],
  ['dash.example.com.evil.example', false],
  ['127.0.0.1.nip.io', false],
  ['localhost@evil.example', false],
  ['', false],
  [undefined, false],
])('Host %j allowed: %s', (host, expected) => expect(isAllowedHost(host, allowed)).toBe(expected))

it('allows any host only when told to with *', () => expect(isAllowedHost('anything.example', ['*'])).toBe(true))

it('reads host names without their port', () => {
  expect(hostName('Example.COM:8080')).toBe('example.com')
  expect(hostName('[::1]:1')).toBe('[::1]')
  expect(hostName('bad host')).toBeNull()
})

it('takes the client address from X-Forwarded-For only as many hops back as there are trusted proxies', () => {
  const req = (forwarded?: string) => ({ socket: { remoteAddress: '10.0.0.1' }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} }) as unknown as IncomingMessage
  expect(clientIp(req('1.1.1.1'), 0)).toBe('10.0.0.1')
  expect(clientIp(req('6.6.6.6, 1.1.1.1'), 1)).toBe('1.1.1.1')
  expect(clientIp(req('6.6.6.6, 1.1.1.1, 10.0.0.2'), 2)).toBe('1.1.1.1')
  expect(clientIp(req(), 1)).toBe('10.0.0.1')
})

it('refuses JSON nested deeper than MAX_JSON_DEPTH, walking it without recursion', () => {
  const nest = (levels: number) => {
    let value: unknown = 'leaf'
    for (let i = 0; i < levels; i++) value = i % 2 ? { k: value } : [value]
    return value
  }
  expect(() => assertSafeJson(nest(MAX_JSON_DEPTH))).not.toThrow()
  expect(() => assertSafeJson(nest(MAX_JSON_DEPTH + 1))).toThrow(/nested too deeply/)
  expect(() => assertSafeJson(nest(100_000))).toThrow(/nested too deeply/)
})

it('refuses half a surrogate pair in a string or a key, and keeps whole pairs (emoji)', () => {
  expect(() => assertSafeJson({ flag: 'ok \ud83d\ude00' })).not.toThrow()
  expect(() => assertSafeJson({ flag: 'bad \ud800' })).toThrow(/^flag is not valid Unicode/)
  expect(() => assertSafeJson({ a: { ['\udc00key']: 1 } })).toThrow(/^A key of a is not valid Unicode/)
  expect(() => assertSafeJson({ list: ['ok', 'x\udfffy'] })).toThrow(/^list\[1\] is not valid Unicode/)
})

it('answers a body cut off by the caller hanging up as a 400, not as the control plane being down', async () => {
  const { Readable } = await import('node:stream')
  const req = new Readable({
    read() {
      this.push('{"name": "half')
      this.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    },
  }) as unknown as IncomingMessage
  req.headers = {}
  await expect(readJsonBody(req, { maxBytes: 1024 })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/connection was closed/) })
})

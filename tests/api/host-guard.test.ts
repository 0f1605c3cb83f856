// @vitest-environment node
/**
 * DNS rebinding: a hostile page under a name that resolves to this server sends that name as
 * Host. In self-hosted mode (no sign-in) it would otherwise run SQL. Every request whose Host is
 * not on the allowed list is refused before anything runs.
 */
import http from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'

let tp: TestPlatform
beforeAll(async () => {
  tp = await startTestPlatform({ isPlatform: false, allowedHosts: ['localhost', '127.0.0.1', '[::1]', 'dash.example.com'] })
  await settle(tp.platform)
})
afterAll(async () => tp?.close())

/** A request with a Host header of our choosing (fetch does not let one set it). */
function request(method: string, path: string, host: string, body?: unknown): Promise<{ status: number; body: any }> {
  const url = new URL(tp.url)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { Host: host, 'Content-Type': 'application/json', Origin: `http://${host}` } },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }))
      }
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

it('refuses a request addressed to another name, and runs nothing', async () => {
  const res = await request('POST', '/platform/pg-meta/default/query', 'rebind.attacker.example:80', { query: 'create table pwned (x int)' })
  expect(res.status).toBe(403)
  expect(res.body.message).toContain('ALLOWED_HOSTS')
  const check = await request('POST', '/platform/pg-meta/default/query', 'localhost', { query: "select to_regclass('pwned') is null as absent" })
  expect(check.body).toEqual([{ absent: true }])
})

it('answers the names it is configured for', async () => {
  expect((await request('GET', '/config', 'dash.example.com')).status).toBe(200)
  expect((await request('GET', '/config', 'localhost:3000')).status).toBe(200)
  expect((await request('GET', '/config', 'evil.example')).status).toBe(403)
})

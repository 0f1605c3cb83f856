import http from 'node:http'
import { expect, test } from '@playwright/test'
import { PORTS } from '../playwright.config'

/** A GET with a Host header of our choosing (browsers and fetch do not let one set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: PORTS.platform, path, headers: { Host: host } }, (res) => {
      let body = ''
      res.on('data', (c) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.on('error', reject)
    req.end()
  })
}

test('pages and the API refuse a host name they do not answer to (DNS rebinding)', async () => {
  for (const path of ['/sign-in', '/projects', '/api/config', '/api/platform/projects']) {
    const res = await getWithHost(path, 'rebind.attacker.example')
    expect(res.status, path).toBe(403)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(JSON.parse(res.body).message).toContain('ALLOWED_HOSTS')
  }
  expect((await getWithHost('/sign-in', `localhost:${PORTS.platform}`)).status).toBe(200)
})

test('every page carries the security headers, and unknown or broken API paths answer JSON', async ({ request }) => {
  const page = await request.get('/sign-in')
  const csp = page.headers()['content-security-policy']
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  expect(page.headers()['x-content-type-options']).toBe('nosniff')
  expect(page.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(page.headers()['x-frame-options']).toBe('DENY')
  for (const path of ['/api/nothing/here', '/api/platform/projects/%E0%A4%A']) {
    const res = await request.get(path)
    expect(res.status()).toBeGreaterThanOrEqual(400)
    expect(res.status()).toBeLessThan(500)
    expect(res.headers()['content-type']).toMatch(/^application\/json/)
  }
})

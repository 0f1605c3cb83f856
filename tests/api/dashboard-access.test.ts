// @vitest-environment node
/**
 * A self-hosted dashboard has no sign-in and runs SQL as the database's owner. Without
 * DASHBOARD_USERNAME / DASHBOARD_PASSWORD it answers only this machine, judged by the connection's
 * own address (not by Host: any client can send `Host: localhost`); with them, every request must
 * carry them (HTTP Basic). `npm start` refuses to listen elsewhere without them.
 */
import { spawn } from 'node:child_process'
import http from 'node:http'
import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { handleNodeRequest } from '@/server/http/handler'
import type { Platform } from '@/server/kernel/platform'
import { settle, startTestPlatform, type TestPlatform } from '../helpers/test-platform'
import { freePort } from '../helpers/pg-cluster'

const CREDENTIALS = { username: 'admin', password: 'correct horse battery' }
const basic = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`

/** Where "another machine" comes from: a documentation address (RFC 5737), never a real one. */
const ELSEWHERE = '192.0.2.77'

/**
 * The platform as another machine reaches it. Tests send traffic to loopback only, so the
 * connection is made over 127.0.0.1 and the server reports the socket's remote address as
 * ELSEWHERE: the handler judges by that address, exactly as it would for a real remote client.
 */
async function servedToOthers(platform: Platform, address = ELSEWHERE): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    Object.defineProperty(req.socket, 'remoteAddress', { value: address, configurable: true })
    void handleNodeRequest(req, res, Promise.resolve(platform))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: any }
/** A request with headers of our choosing (fetch does not let one set Host). */
function request(base: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { Host: 'localhost', 'Content-Type': 'application/json', ...headers } },
      (res) => {
        let text = ''
        res.on('data', (c) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }))
      }
    )
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })
}

let open: TestPlatform
let openToOthers: { url: string; close(): Promise<void> }
let guarded: TestPlatform
let guardedToOthers: { url: string; close(): Promise<void> }
beforeAll(async () => {
  open = await startTestPlatform({ isPlatform: false })
  guarded = await startTestPlatform({ isPlatform: false, dashboardAuth: CREDENTIALS })
  await Promise.all([settle(open.platform), settle(guarded.platform)])
  openToOthers = await servedToOthers(open.platform)
  guardedToOthers = await servedToOthers(guarded.platform)
})
afterAll(async () => {
  await openToOthers?.close()
  await guardedToOthers?.close()
  await open?.close()
  await guarded?.close()
})

const query = (sql: string) => ({ query: sql })

it('without credentials, refuses another machine even when it says Host: localhost, and runs nothing', async () => {
  const sql = await request(openToOthers.url, 'POST', '/platform/pg-meta/default/query', {}, query('create table pwned (x int)'))
  expect(sql.status).toBe(403)
  expect(sql.body.message).toContain('answers only requests from this machine')
  expect(sql.body.message).toContain('DASHBOARD_USERNAME and DASHBOARD_PASSWORD')
  // Nothing else answers either: the project (its connection details), the auth service.
  expect((await request(openToOthers.url, 'GET', '/platform/projects/default')).status).toBe(403)
  expect((await request(openToOthers.url, 'GET', '/auth/v1/settings')).status).toBe(403)
  const check = await request(open.url, 'POST', '/platform/pg-meta/default/query', {}, query("select to_regclass('pwned') is null as absent"))
  expect(check.body).toEqual([{ absent: true }])
})

it('without credentials, answers this machine, but not a proxy forwarding another one', async () => {
  expect((await request(open.url, 'GET', '/platform/projects/default')).status).toBe(200)
  const forwarded = await request(open.url, 'GET', '/platform/projects/default', { 'X-Forwarded-For': '203.0.113.9' })
  expect(forwarded.status).toBe(403)
  expect(forwarded.body.message).toContain('answers only requests from this machine')
})

/** A raw HTTP/1.0 request, as nginx's proxy_pass sends unless told otherwise; answers the status. */
function http10(base: string, path: string): Promise<{ status: number; text: string }> {
  const url = new URL(base)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(`GET ${path} HTTP/1.0\r\nHost: localhost\r\n\r\n`))
    let text = ''
    socket.on('data', (c) => (text += c))
    socket.on('end', () => resolve({ status: Number(/^HTTP\/1\.\d (\d{3})/.exec(text)?.[1]), text }))
    socket.on('error', reject)
  })
}

it('without credentials, refuses a reverse proxy on this machine by its marks, and runs nothing', async () => {
  const marks: Record<string, string>[] = [{ Via: '1.1 proxy' }, { Forwarded: 'for=203.0.113.9' }, { 'X-Real-IP': '203.0.113.9' }, { 'X-Forwarded-Server': 'proxy.example' }]
  for (const headers of marks) {
    const sql = await request(open.url, 'POST', '/platform/pg-meta/default/query', headers, query('create table proxied (x int)'))
    expect(sql.status).toBe(403)
    expect(sql.body.message).toContain('answers only requests from this machine')
    expect(sql.body.message).toContain('came through a reverse proxy, which needs them set as well')
  }
  const nginxDefault = await http10(open.url, '/platform/projects/default')
  expect(nginxDefault.status).toBe(403)
  expect(nginxDefault.text).toContain('came through a reverse proxy')
  // What Next's own server adds to every request is no mark.
  const next = { 'X-Forwarded-Host': 'localhost:3000', 'X-Forwarded-Port': '3000', 'X-Forwarded-Proto': 'http', 'X-Forwarded-For': '127.0.0.1' }
  expect((await request(open.url, 'GET', '/platform/projects/default', next)).status).toBe(200)
  const check = await request(open.url, 'POST', '/platform/pg-meta/default/query', {}, query("select to_regclass('proxied') is null as absent"))
  expect(check.body).toEqual([{ absent: true }])
  // With credentials, a proxy in front is fine.
  const proxied = await request(guarded.url, 'GET', '/platform/projects/default', { ...marks[0], Authorization: basic(CREDENTIALS.username, CREDENTIALS.password) })
  expect(proxied.status).toBe(200)
})

it('limits wrong password guesses per client address (429, Retry-After), right ones included once past it', async () => {
  guarded.platform.config.rateLimits.dashboardPasswordPerIp = { limit: 20, windowSeconds: 300 }
  const guesser = await servedToOthers(guarded.platform, '192.0.2.78')
  const other = await servedToOthers(guarded.platform, '192.0.2.79')
  try {
    const right = { Authorization: basic(CREDENTIALS.username, CREDENTIALS.password) }
    // Asking without credentials (a browser's first request) is no guess.
    for (let i = 0; i < 25; i++) expect((await request(guesser.url, 'GET', '/platform/projects/default')).status).toBe(401)
    for (let i = 0; i < 20; i++) expect((await request(guesser.url, 'GET', '/platform/projects/default', { Authorization: basic('admin', `guess ${i}`) })).status).toBe(401)
    const limited = await request(guesser.url, 'GET', '/platform/projects/default', { Authorization: basic('admin', 'guess 20') })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // The right password waits too: a 200 among 429s would tell which guess was right.
    expect((await request(guesser.url, 'GET', '/platform/projects/default', right)).status).toBe(429)
    // Another address is not refused by it.
    expect((await request(other.url, 'GET', '/platform/projects/default', right)).status).toBe(200)
  } finally {
    await guesser.close()
    await other.close()
    guarded.platform.config.rateLimits.dashboardPasswordPerIp = { limit: 0, windowSeconds: 300 }
  }
})

it('with credentials, asks for them (401, WWW-Authenticate) until the right ones come, from anywhere', async () => {
  for (const base of [guarded.url, guardedToOthers.url]) {
    for (const authorization of [undefined, basic('admin', 'wrong password!'), basic('root', CREDENTIALS.password), 'Bearer abc', 'Basic !!!']) {
      const refused = await request(base, 'POST', '/platform/pg-meta/default/query', authorization ? { Authorization: authorization } : {}, query('select 1 as one'))
      expect(refused.status).toBe(401)
      expect(refused.headers['www-authenticate']).toBe('Basic realm="Dashboard", charset="UTF-8"')
      expect(refused.body.message).toBe('This dashboard needs its user name and password (DASHBOARD_USERNAME and DASHBOARD_PASSWORD).')
    }
    const auth = await request(base, 'GET', '/auth/v1/settings')
    expect(auth.status).toBe(401)

    const rows = await request(base, 'POST', '/platform/pg-meta/default/query', { Authorization: basic(CREDENTIALS.username, CREDENTIALS.password) }, query('select 40 + 2 as answer'))
    expect(rows.status).toBe(200)
    expect(rows.body).toEqual([{ answer: 42 }])
  }
})

it('npm start refuses to make a self-hosted dashboard reachable from elsewhere without credentials', async () => {
  const { DASHBOARD_USERNAME: _u, DASHBOARD_PASSWORD: _p, ...env } = process.env
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...env, NEXT_PUBLIC_IS_PLATFORM: 'false', LISTEN_HOST: '0.0.0.0', SKIP_BUILD: 'true', PORT: String(await freePort()) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (c) => (output += c))
  child.stderr.on('data', (c) => (output += c))
  const code = await new Promise((resolve) => child.on('exit', resolve))
  expect(code).toBe(1)
  expect(output).toContain('A self-hosted dashboard has no sign-in: listening on 0.0.0.0 (LISTEN_HOST)')
  expect(output).toContain('Set DASHBOARD_USERNAME and DASHBOARD_PASSWORD')
})

import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { runSql } from './helpers'

/**
 * Who reaches a self-hosted dashboard (no sign-in) on the real server: `npm start` ignores
 * HOSTNAME; plain `next start` on every interface answers only this machine without credentials;
 * with DASHBOARD_USERNAME / DASHBOARD_PASSWORD the browser is asked for them and the dashboard works.
 *
 * Tests send traffic to loopback only. Where a server listens is read from the kernel's socket
 * tables instead of connecting to another address; "another machine" is a proxy's
 * X-Forwarded-For over loopback (a client's real socket address is judged by the API tests in
 * tests/api/dashboard-access.test.ts).
 */
const PORTS = { hostname: 3230, plainNext: 3231, guarded: 3232 }
const CREDENTIALS = { username: 'admin', password: 'correct horse battery' }
const LOCAL_ONLY = 'answers only requests from this machine'
/** Another machine, as a proxy in front would name it: a documentation address (RFC 5737). */
const ELSEWHERE = '203.0.113.5'

/** One 32-bit word as /proc/net/tcp* prints it (network-order bytes read as a host-order number). */
const wordBytes = (hex: string) => (os.endianness() === 'LE' ? Buffer.from(hex, 'hex').reverse() : Buffer.from(hex, 'hex'))
const ipv4 = (hex: string) => [...wordBytes(hex)].join('.')
function ipv6(hex: string) {
  const bytes = Buffer.concat(hex.match(/.{8}/g)!.map(wordBytes))
  const groups = Array.from({ length: 8 }, (_, i) => bytes.readUInt16BE(i * 2).toString(16))
  return new URL(`http://[${groups.join(':')}]/`).hostname.replace(/^\[(.*)\]$/, '$1') // the short form
}

/** The local addresses of every socket listening on a TCP port here, from the kernel's tables (no connection made). */
function listeningAddresses(port: number): string[] {
  const found: string[] = []
  for (const [file, decode] of [['/proc/net/tcp', ipv4], ['/proc/net/tcp6', ipv6]] as const) {
    if (!fs.existsSync(file)) continue // no tcp6 when the kernel has no IPv6
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      if (state !== '0A' || !local) continue // 0A: LISTEN
      const [address, hexPort] = local.split(':')
      if (parseInt(hexPort, 16) === port) found.push(decode(address))
    }
  }
  return found.sort()
}

const children: ChildProcess[] = []
const dataDirs: string[] = []
function start(args: string[], env: Record<string, string>): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-exposed-'))
  dataDirs.push(dataDir)
  const { DASHBOARD_USERNAME: _u, DASHBOARD_PASSWORD: _p, LISTEN_HOST: _h, ...inherited } = process.env
  const child = spawn(process.execPath, args, {
    env: { ...inherited, NEXT_PUBLIC_IS_PLATFORM: 'false', SKIP_BUILD: 'true', DATA_DIR: dataDir, EMBEDDED_DB_PORT: '0', ...env },
    stdio: 'ignore',
    // Its own process group: stopping it reaches the Next server the start script runs.
    detached: true,
  })
  children.push(child)
  return child
}

test.afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue
    const exited = new Promise((resolve) => child.once('exit', resolve))
    process.kill(-child.pid!, 'SIGTERM')
    await exited
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true })
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string }
/** A request with headers of our choosing (fetch does not let one set Host); rejects when nothing listens. */
function request(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers }, (res) => {
      let text = ''
      res.on('data', (c) => (text += c))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * Whether an API answer came from the platform's handler beside Next (`npm start`,
 * scripts/serve.mjs) rather than through Next's pipeline, which compresses what it serves and so
 * says `Vary: Accept-Encoding` on every answer, sent chunked.
 */
async function servedBesideNext(base: string): Promise<boolean> {
  const answer = await request(`${base}/api/get-utc-time`, { 'Accept-Encoding': 'gzip' })
  expect(answer.status).toBe(200)
  return answer.headers.vary === undefined && answer.headers['content-length'] !== undefined
}

async function waitUntilUp(url: string, headers: Record<string, string> = {}) {
  await expect.poll(async () => (await request(url, headers).catch(() => ({ status: 0 }))).status, { timeout: 120_000 }).toBe(200)
}

test('npm start in self-hosted mode ignores HOSTNAME and stays on this machine', async () => {
  start(['scripts/start.mjs'], { PORT: String(PORTS.hostname), HOSTNAME: '0.0.0.0' })
  await waitUntilUp(`http://127.0.0.1:${PORTS.hostname}/api/config`)
  // Bound to loopback only: no socket on 0.0.0.0, ::, or a network interface's address.
  expect(listeningAddresses(PORTS.hostname)).toEqual(['127.0.0.1'])
  expect(await servedBesideNext(`http://127.0.0.1:${PORTS.hostname}`)).toBe(true)
})

test('plain next start on every interface answers another machine with 403, whatever Host it sends', async ({ browser }) => {
  const next = path.join('node_modules', 'next', 'dist', 'bin', 'next')
  start([next, 'start', '-p', String(PORTS.plainNext), '-H', '0.0.0.0'], {})
  const local = `http://127.0.0.1:${PORTS.plainNext}`
  await waitUntilUp(`${local}/api/config`)
  // Reachable from the network, so the dashboard itself must turn strangers away.
  expect(listeningAddresses(PORTS.plainNext)).toEqual(['0.0.0.0'])
  // The API through Next's own route: the same handler, behind Next's pipeline.
  expect(await servedBesideNext(local)).toBe(false)

  // A proxy forwarding another machine: Host: localhost does not make it local.
  const api = await request(`${local}/api/platform/projects/default`, { Host: 'localhost', 'X-Forwarded-For': ELSEWHERE })
  expect(api.status).toBe(403)
  expect(JSON.parse(api.text).message).toContain(LOCAL_ONLY)
  const forwarded = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ELSEWHERE } })
  const page = await forwarded.newPage()
  const page403 = await page.goto(`${local}/project/default`)
  expect(page403?.status()).toBe(403)
  await expect(page.getByText(LOCAL_ONLY)).toBeVisible()
  await forwarded.close()

  // This machine still gets the dashboard.
  expect((await request(`${local}/api/platform/projects/default`)).status).toBe(200)
  expect((await request(`${local}/project/default`)).status).toBe(200)
})

test('with DASHBOARD_USERNAME and DASHBOARD_PASSWORD it listens on LISTEN_HOST and the browser signs in with them', async ({ browser }) => {
  start(['scripts/start.mjs'], {
    PORT: String(PORTS.guarded),
    LISTEN_HOST: '0.0.0.0',
    DASHBOARD_USERNAME: CREDENTIALS.username,
    DASHBOARD_PASSWORD: CREDENTIALS.password,
  })
  const authorization = `Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64')}`
  const local = `http://127.0.0.1:${PORTS.guarded}`
  await waitUntilUp(`${local}/api/config`, { Authorization: authorization })
  expect(listeningAddresses(PORTS.guarded)).toEqual(['0.0.0.0'])

  // Every request needs the credentials, this machine's too.
  for (const url of [`${local}/`, `${local}/project/default`, `${local}/api/platform/projects/default`]) {
    const refused = await request(url)
    expect(refused.status).toBe(401)
    expect(refused.headers['www-authenticate']).toBe('Basic realm="Dashboard", charset="UTF-8"')
  }

  const admin = await browser.newContext({ httpCredentials: CREDENTIALS })
  const page = await admin.newPage()
  await page.goto(`${local}/`)
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })
  await page.goto(`${local}/project/default/sql/new`)
  await runSql(page, 'select 40 + 2 as answer')
  await expect(page.getByRole('grid').getByRole('gridcell', { name: '42', exact: true })).toBeVisible()
  await admin.close()
})

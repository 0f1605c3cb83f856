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
 */
const EXTERNAL = Object.values(os.networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address
const PORTS = { hostname: 3230, plainNext: 3231, guarded: 3232 }
const CREDENTIALS = { username: 'admin', password: 'correct horse battery' }
const LOCAL_ONLY = 'answers only requests from this machine'

test.skip(!EXTERNAL, 'this machine has no network interface but loopback')

const children: ChildProcess[] = []
const dataDirs: string[] = []
function start(args: string[], env: Record<string, string>): ChildProcess {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-exposed-'))
  dataDirs.push(dataDir)
  const { DASHBOARD_USERNAME: _u, DASHBOARD_PASSWORD: _p, LISTEN_HOST: _h, ...inherited } = process.env
  const child = spawn(process.execPath, args, {
    env: { ...inherited, NEXT_PUBLIC_IS_PLATFORM: 'false', SKIP_BUILD: 'true', DATA_DIR: dataDir, EMBEDDED_DB_PORT: '0', ALLOWED_HOSTS: EXTERNAL!, ...env },
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

async function waitUntilUp(url: string, headers: Record<string, string> = {}) {
  await expect.poll(async () => (await request(url, headers).catch(() => ({ status: 0 }))).status, { timeout: 120_000 }).toBe(200)
}

test('npm start in self-hosted mode ignores HOSTNAME and stays on this machine', async () => {
  start(['scripts/start.mjs'], { PORT: String(PORTS.hostname), HOSTNAME: '0.0.0.0' })
  await waitUntilUp(`http://127.0.0.1:${PORTS.hostname}/api/config`)
  await expect(request(`http://${EXTERNAL}:${PORTS.hostname}/api/config`)).rejects.toMatchObject({ code: 'ECONNREFUSED' })
})

test('plain next start on every interface answers another machine with 403, whatever Host it sends', async ({ page }) => {
  const next = path.join('node_modules', 'next', 'dist', 'bin', 'next')
  start([next, 'start', '-p', String(PORTS.plainNext), '-H', '0.0.0.0'], {})
  await waitUntilUp(`http://127.0.0.1:${PORTS.plainNext}/api/config`)
  const outside = `http://${EXTERNAL}:${PORTS.plainNext}`
  // The API judges by the connection: neither Host nor X-Forwarded-For makes a stranger local.
  const api = await request(`${outside}/api/platform/projects/default`, { Host: 'localhost', 'X-Forwarded-For': '127.0.0.1' })
  expect(api.status).toBe(403)
  expect(JSON.parse(api.text).message).toContain(LOCAL_ONLY)
  const page403 = await page.goto(`${outside}/project/default`)
  expect(page403?.status()).toBe(403)
  await expect(page.getByText(LOCAL_ONLY)).toBeVisible()
  // This machine still gets the dashboard.
  expect((await request(`http://127.0.0.1:${PORTS.plainNext}/api/platform/projects/default`)).status).toBe(200)
})

test('with DASHBOARD_USERNAME and DASHBOARD_PASSWORD it listens on LISTEN_HOST and the browser signs in with them', async ({ browser }) => {
  start(['scripts/start.mjs'], {
    PORT: String(PORTS.guarded),
    LISTEN_HOST: '0.0.0.0',
    DASHBOARD_USERNAME: CREDENTIALS.username,
    DASHBOARD_PASSWORD: CREDENTIALS.password,
  })
  const authorization = `Basic ${Buffer.from(`${CREDENTIALS.username}:${CREDENTIALS.password}`).toString('base64')}`
  await waitUntilUp(`http://127.0.0.1:${PORTS.guarded}/api/config`, { Authorization: authorization })
  const outside = `http://${EXTERNAL}:${PORTS.guarded}`

  for (const url of [`${outside}/project/default`, `${outside}/api/platform/projects/default`, `http://127.0.0.1:${PORTS.guarded}/`]) {
    const refused = await request(url)
    expect(refused.status).toBe(401)
    expect(refused.headers['www-authenticate']).toBe('Basic realm="Dashboard", charset="UTF-8"')
  }

  const admin = await browser.newContext({ httpCredentials: CREDENTIALS })
  const page = await admin.newPage()
  await page.goto(`${outside}/`)
  await expect(page).toHaveURL(/\/project\/default$/)
  await expect(page.getByRole('link', { name: 'Open SQL Editor' })).toBeVisible({ timeout: 60_000 })
  await page.goto(`${outside}/project/default/sql/new`)
  await runSql(page, 'select 40 + 2 as answer')
  await expect(page.getByRole('grid').getByRole('gridcell', { name: '42', exact: true })).toBeVisible()
  await admin.close()
})

/** Starts the built-in platform on a plain node HTTP server for API tests. */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { createPlatform, closePlatform, type Platform } from '@/server/platform'
import { readConfig, type ServerConfig } from '@/server/config'
import { serve } from '@/server/standalone'
import { openServerControlPlane, type ControlPlaneDb } from '@/server/db/control-plane'
import { parseProjectDbServers } from '@/server/databases/servers'
import { startPgCluster } from './pg-cluster'

export type TestPlatform = {
  url: string
  platform: Platform
  dataDir: string
  /**
   * `from`: the client's address, sent as a proxy in front would (X-Forwarded-For); the platform
   * believes it only when it trusts a proxy (trustProxyHops, TRUST_PROXY_HOPS).
   */
  call(method: string, path: string, opts?: { body?: unknown; token?: string; rawBody?: string; from?: string }): Promise<{ status: number; body: any; headers: Headers }>
  signUp(email?: string, password?: string): Promise<{ token: string; refresh: string; userId: string }>
  close(): Promise<void>
}

/**
 * The configuration tests run with: platform mode on `dataDir`, nothing from the environment that
 * would reach a real server, key or mailbox, rate limits off.
 */
export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const base = readConfig()
  return {
    ...base,
    isPlatform: true,
    dataDir,
    platformDatabaseUrl: undefined,
    projectDbServers: undefined,
    databaseUrl: undefined,
    jwtSecret: undefined,
    // Suites sign up many users from one address: limits are off unless a test turns them on.
    rateLimits: Object.fromEntries(Object.entries(base.rateLimits).map(([k, v]) => [k, { ...v, limit: 0 }])) as ServerConfig['rateLimits'],
    provisionRetryBaseMs: 200,
    // A captcha or GitHub app configured in the developer's shell must not reach a real provider.
    captcha: null,
    githubApp: null,
    // Docs are searched by spelling, never by a real embeddings model, and without a rate limit.
    docsSearch: { ...base.docsSearch, embeddings: null, perIp: { ...base.docsSearch.perIp, limit: 0 } },
    // A platform that starts a server of its own picks a free port: suites run in parallel.
    embeddedDb: { ...base.embeddedDb, port: 0 },
    // Dashboard credentials in the developer's shell must not lock the self-hosted suites out.
    dashboardAuth: null,
    ...overrides,
    // The assistant is off unless a test gives it a model (a key in the environment must not reach a real one).
    ai: { ...base.ai, apiKey: undefined, ...overrides.ai },
    auth: { ...base.auth, signingKeys: undefined, smtpUrl: undefined, corsOrigins: [], ...overrides.auth },
  }
}

/** The run's one PostgreSQL server (tests/global-engine.ts), as its superuser, on `database`. */
export function engineUrl(database = 'postgres'): string {
  const url = new URL(inject('engineAdminUrl'))
  url.pathname = `/${database}`
  return url.toString()
}

/** Runs statements as the run's server's superuser. */
export async function asEngineAdmin<T>(fn: (client: pg.Client) => Promise<T>, database = 'postgres'): Promise<T> {
  const client = new pg.Client({ connectionString: engineUrl(database) })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A control plane with nothing in it: a database of its own on the run's server, dropped by `drop`. */
export async function emptyControlPlane(): Promise<ControlPlaneDb & { drop(): Promise<void> }> {
  const name = `migrations_${randomBytes(6).toString('hex')}`
  await asEngineAdmin((c) => c.query(`create database ${name}`))
  const db = await openServerControlPlane(engineUrl(name))
  return Object.assign(db, {
    async drop() {
      await db.close()
      await asEngineAdmin((c) => c.query(`drop database if exists ${name} with (force)`))
    },
  })
}

/** The platform secret of the test platforms on the run's server (see onSharedServer). */
const SHARED_SERVER_JWT_SECRET = 'one platform secret for every test platform on the shared server'

/**
 * Where a test platform's databases live unless the test says: a fresh control-plane database on
 * the run's server, and projects on that server (its `*` region).
 */
async function onSharedServer(overrides: Partial<ServerConfig>): Promise<{ overrides: Partial<ServerConfig>; controlPlane: string | null }> {
  // Self-hosted without servers of its own runs the default: a server it starts itself in its
  // DATA_DIR (its one project, `default`, would collide with other suites' on a shared server).
  if (overrides.isPlatform === false && !overrides.platformDatabaseUrl && !overrides.databaseUrl) return { overrides, controlPlane: null }
  let controlPlane: string | null = null
  let platformDatabaseUrl = overrides.platformDatabaseUrl
  if (!platformDatabaseUrl) {
    controlPlane = `cp_${randomBytes(6).toString('hex')}`
    // A copy of the control plane migrated once for the run (tests/global-engine.ts).
    await asEngineAdmin((c) => c.query(`create database ${controlPlane} template ${inject('controlPlaneTemplate')}`))
    platformDatabaseUrl = engineUrl(controlPlane)
  }
  // Regions the test names keep their server; every other one is the run's server (entries after '*' win).
  const named = overrides.projectDbServers
  const projectDbServers = named && parseProjectDbServers(named).has('*') ? named : [`*=${engineUrl()}`, named].filter(Boolean).join(',')
  // One secret for every platform on the run's server, as for app instances of one platform: the
  // data API logins' passwords are derived from it.
  const jwtSecret = overrides.jwtSecret ?? SHARED_SERVER_JWT_SECRET
  return { overrides: { ...overrides, platformDatabaseUrl, projectDbServers, jwtSecret }, controlPlane }
}

/** Drops what a test platform made on the run's server: its projects' databases and roles; answers how to drop its control plane. */
async function dropFromSharedServer(platform: Platform, controlPlane: string | null) {
  type Row = { ref: string; region: string; db_location: Parameters<Platform['databases']['drop']>[2] }
  const projects = await platform.db.query<Row>('select ref, region, db_location from projects').catch(() => [] as Row[])
  for (const p of projects) await platform.databases.drop(p.ref, p.region, p.db_location).catch(() => undefined)
  return async () => {
    if (controlPlane) await asEngineAdmin((c) => c.query(`drop database if exists ${controlPlane} with (force)`)).catch(() => undefined)
  }
}

export async function startTestPlatform(requested: Partial<ServerConfig> = {}): Promise<TestPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'))
  // A server the platform starts itself runs as an unprivileged account when the tests are root.
  fs.chmodSync(dataDir, 0o755)
  const { overrides, controlPlane } = await onSharedServer(requested)
  const config = testConfig(dataDir, overrides)
  const platform = await createPlatform(config)
  const server = await serve(platform)
  let n = 0
  const call: TestPlatform['call'] = async (method, p, opts = {}) => {
    const headers: Record<string, string> = { Accept: 'application/json' }
    if (opts.body !== undefined || opts.rawBody !== undefined) headers['Content-Type'] = 'application/json'
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`
    if (opts.from) headers['X-Forwarded-For'] = opts.from
    const res = await fetch(`${server.url}${p}`, {
      method,
      headers,
      // Redirects (links of the auth service) are answers to look at, not to follow.
      redirect: 'manual',
      body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
    })
    const text = await res.text()
    let body: any = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      /* not JSON */
    }
    return { status: res.status, body, headers: res.headers }
  }
  return {
    url: server.url,
    platform,
    dataDir,
    call,
    async signUp(email = `user${++n}-${Date.now()}@example.com`, password = 'correct horse battery staple') {
      const res = await call('POST', '/auth/v1/signup', { body: { email, password } })
      if (res.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`)
      return { token: res.body.access_token, refresh: res.body.refresh_token, userId: res.body.user.id }
    },
    async close() {
      await server.close()
      const dropControlPlane = await dropFromSharedServer(platform, controlPlane)
      await closePlatform(platform)
      await dropControlPlane()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * For a suite that runs the scheduler's passes itself, or counts the control-plane statements a
 * request makes: no health check, inactivity pause or usage sample of the scheduler's own lands
 * among them.
 */
export const NO_BACKGROUND_PASSES = { healthCheckIntervalMs: 3_600_000, usageSampleIntervalMs: 3_600_000 } satisfies Partial<ServerConfig>

/** A mailed link (at the platform's fixed origin, SITE_URL or this machine's) as the test's own server answers it. */
export function atTestServer(tp: Pick<TestPlatform, 'url'>, link: string): string {
  const url = new URL(link)
  return new URL(url.pathname + url.search + url.hash, tp.url).toString()
}

/** Waits until the background work (provisioning) has settled. */
export async function settle(platform: Platform) {
  while (platform.pending.size > 0) await Promise.allSettled([...platform.pending])
}

/**
 * Two app instances behind one load balancer (trustProxyHops 1, so `call`'s `from` names the
 * client), sharing one JWT secret and one PostgreSQL control plane on a throwaway cluster.
 * `close` stops both and the cluster; a failed start stops what had started.
 */
export async function startTwoInstances(overrides: Partial<ServerConfig> = {}) {
  const cluster = await startPgCluster()
  const shared = { platformDatabaseUrl: cluster.url, jwtSecret: 'shared-secret-for-both-instances', trustProxyHops: 1, ...overrides }
  let a: TestPlatform | undefined
  let b: TestPlatform | undefined
  const close = async () => {
    await a?.close()
    await b?.close()
    await cluster.stop()
  }
  try {
    a = await startTestPlatform(shared)
    b = await startTestPlatform(shared)
  } catch (error) {
    await close()
    throw error
  }
  return { a, b, cluster, close }
}

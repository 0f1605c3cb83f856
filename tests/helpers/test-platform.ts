/** Starts the built-in platform on a plain node HTTP server for API tests. */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createPlatform, closePlatform, type Platform } from '@/server/platform'
import { readConfig, type ServerConfig } from '@/server/config'
import { serve } from '@/server/standalone'
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
    // The embedded databases' listener on any free port: suites run in parallel.
    embeddedDb: { ...base.embeddedDb, port: 0, host: '127.0.0.1' },
    // Dashboard credentials in the developer's shell must not lock the self-hosted suites out.
    dashboardAuth: null,
    ...overrides,
    // The assistant is off unless a test gives it a model (a key in the environment must not reach a real one).
    ai: { ...base.ai, apiKey: undefined, ...overrides.ai },
    auth: { ...base.auth, signingKeys: undefined, smtpUrl: undefined, corsOrigins: [], ...overrides.auth },
  }
}

export async function startTestPlatform(overrides: Partial<ServerConfig> = {}): Promise<TestPlatform> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-test-'))
  const config = testConfig(dataDir, overrides)
  const platform = await createPlatform(config, { inMemory: !config.platformDatabaseUrl })
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
      await closePlatform(platform)
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
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

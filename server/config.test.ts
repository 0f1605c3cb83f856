import { afterEach, expect, it, vi } from 'vitest'
import { defaultMaxOpenProjectDbs, readConfig } from './config'

afterEach(() => vi.unstubAllEnvs())

it('reads the mode at run time, platform by default', () => {
  vi.stubEnv('NEXT_PUBLIC_IS_PLATFORM', '')
  expect(readConfig().isPlatform).toBe(true)
  vi.stubEnv('NEXT_PUBLIC_IS_PLATFORM', 'false')
  expect(readConfig().isPlatform).toBe(false)
})

it('refuses numbers that are not positive whole numbers, naming the variable', () => {
  vi.stubEnv('SQL_TIMEOUT_MS', '60s')
  expect(() => readConfig()).toThrow('SQL_TIMEOUT_MS must be a positive whole number, got "60s"')
  vi.stubEnv('SQL_TIMEOUT_MS', '5000')
  expect(readConfig().sqlTimeoutMs).toBe(5000)
  expect(readConfig().sqlTerminateGraceMs).toBe(5000)
  vi.stubEnv('SQL_TERMINATE_GRACE_MS', '1500')
  expect(readConfig().sqlTerminateGraceMs).toBe(1500)
  vi.stubEnv('ACCESS_TOKEN_TTL_SECONDS', '-1')
  expect(() => readConfig()).toThrow(/ACCESS_TOKEN_TTL_SECONDS/)
})

it('takes only decimal digits for whole numbers, not exponents, hex, signs or decimals', () => {
  for (const raw of ['1e3', '0x10', '+5', '1.0', ' 5', '0b11', '9'.repeat(20)]) {
    vi.stubEnv('MAX_BODY_BYTES', raw)
    expect(() => readConfig()).toThrow(`MAX_BODY_BYTES must be a positive whole number, got "${raw}"`)
  }
  vi.stubEnv('MAX_BODY_BYTES', '')
  vi.stubEnv('TRUST_PROXY_HOPS', '0x1')
  expect(() => readConfig()).toThrow('TRUST_PROXY_HOPS must be a whole number (0 or more), got "0x1"')
  vi.stubEnv('TRUST_PROXY_HOPS', '007')
  expect(readConfig().trustProxyHops).toBe(7)
})

it('keeps as many embedded databases open as half the memory allows, between 2 and 64', () => {
  const GiB = 1024 ** 3
  expect(defaultMaxOpenProjectDbs(24 * GiB)).toBe(64)
  expect(defaultMaxOpenProjectDbs(8 * GiB)).toBe(21)
  expect(defaultMaxOpenProjectDbs(0.5 * GiB)).toBe(2)
})

it('reads the allowed host names from SITE_URL and ALLOWED_HOSTS, with the local names always', () => {
  vi.stubEnv('SITE_URL', 'https://Dash.Example.com/app')
  vi.stubEnv('ALLOWED_HOSTS', 'db.internal, 10.0.0.5')
  expect(readConfig().allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]', 'dash.example.com', 'db.internal', '10.0.0.5'])
  vi.stubEnv('SITE_URL', 'ftp://nope')
  expect(() => readConfig()).toThrow('SITE_URL must be an http(s) URL')
})

it('serves embedded databases on 127.0.0.1:54329 unless told otherwise; "off" turns the listener off', () => {
  expect(readConfig().embeddedDb).toEqual({
    port: 54329,
    host: '127.0.0.1',
    idleSessionTimeoutMs: 600_000,
    maxConnections: 100,
    maxConnectionsPerAddress: 20,
    maxHandshakes: 20,
    attemptsPerProject: 30,
  })
  vi.stubEnv('EMBEDDED_DB_PORT', '0')
  vi.stubEnv('EMBEDDED_DB_HOST', '0.0.0.0')
  vi.stubEnv('EMBEDDED_DB_IDLE_TIMEOUT_SECONDS', '0')
  vi.stubEnv('EMBEDDED_DB_MAX_CONNECTIONS', '5')
  vi.stubEnv('EMBEDDED_DB_MAX_CONNECTIONS_PER_ADDRESS', '0')
  vi.stubEnv('EMBEDDED_DB_MAX_HANDSHAKES', '3')
  expect(readConfig().embeddedDb).toMatchObject({ port: 0, host: '0.0.0.0', maxConnections: 5, maxHandshakes: 3 })
  vi.stubEnv('EMBEDDED_DB_PORT', 'off')
  expect(readConfig().embeddedDb.port).toBeNull()
  vi.stubEnv('EMBEDDED_DB_PORT', '70000')
  expect(() => readConfig()).toThrow('EMBEDDED_DB_PORT must be a port number')
  vi.stubEnv('EMBEDDED_DB_PORT', 'abc')
  expect(() => readConfig()).toThrow(/EMBEDDED_DB_PORT/)
})

it('reads the self-hosted dashboard credentials, both or neither', () => {
  vi.stubEnv('DASHBOARD_USERNAME', '')
  vi.stubEnv('DASHBOARD_PASSWORD', '')
  expect(readConfig().dashboardAuth).toBeNull()
  vi.stubEnv('DASHBOARD_USERNAME', 'admin')
  expect(() => readConfig()).toThrow('DASHBOARD_USERNAME and DASHBOARD_PASSWORD go together')
  vi.stubEnv('DASHBOARD_PASSWORD', 'a long enough secret')
  expect(readConfig().dashboardAuth).toEqual({ username: 'admin', password: 'a long enough secret' })
})

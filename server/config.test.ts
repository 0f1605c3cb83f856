import { afterEach, expect, it, vi } from 'vitest'
import { readConfig } from './config'

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

it('reads the allowed host names from SITE_URL and ALLOWED_HOSTS, with the local names always', () => {
  vi.stubEnv('SITE_URL', 'https://Dash.Example.com/app')
  vi.stubEnv('ALLOWED_HOSTS', 'db.internal, 10.0.0.5')
  expect(readConfig().allowedHosts).toEqual(['localhost', '127.0.0.1', '[::1]', 'dash.example.com', 'db.internal', '10.0.0.5'])
  vi.stubEnv('SITE_URL', 'ftp://nope')
  expect(() => readConfig()).toThrow('SITE_URL must be an http(s) URL')
})

it('runs the embedded server on port 54329 unless told otherwise, as EMBEDDED_DB_USER when set', () => {
  expect(readConfig().embeddedDb).toEqual({ port: 54329, user: undefined })
  vi.stubEnv('EMBEDDED_DB_PORT', '0')
  vi.stubEnv('EMBEDDED_DB_USER', 'nobody')
  expect(readConfig().embeddedDb).toEqual({ port: 0, user: 'nobody' })
  vi.stubEnv('EMBEDDED_DB_PORT', '70000')
  expect(() => readConfig()).toThrow('EMBEDDED_DB_PORT must be a port number')
  vi.stubEnv('EMBEDDED_DB_PORT', 'off')
  expect(() => readConfig()).toThrow(/EMBEDDED_DB_PORT/)
})

it('stops an idle data API after DATA_API_IDLE_SECONDS, 300 unless told otherwise, and runs DATA_API_MAX_PROCESSES at most (20)', () => {
  expect(readConfig().dataApi).toEqual({ idleSeconds: 300, maxProcesses: 20 })
  vi.stubEnv('DATA_API_IDLE_SECONDS', '5')
  vi.stubEnv('DATA_API_MAX_PROCESSES', '3')
  expect(readConfig().dataApi).toEqual({ idleSeconds: 5, maxProcesses: 3 })
  vi.stubEnv('DATA_API_IDLE_SECONDS', '0')
  expect(() => readConfig()).toThrow(/DATA_API_IDLE_SECONDS/)
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

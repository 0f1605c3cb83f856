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
  vi.stubEnv('ACCESS_TOKEN_TTL_SECONDS', '-1')
  expect(() => readConfig()).toThrow(/ACCESS_TOKEN_TTL_SECONDS/)
})

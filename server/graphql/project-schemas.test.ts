// @vitest-environment node
/**
 * The schema cache with the catalog and the build stubbed: a build that fails is answered from
 * memory for the same catalog (not built again at every request), tried again once the catalog
 * changed or the retry time passed, and a connection that failed is not remembered.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Pool } from 'pg'
import type { Platform } from '../kernel/platform'

const stub = vi.hoisted(() => ({ fingerprint: 'a', reads: 0, build: vi.fn() }))
vi.mock('./catalog-fingerprint', () => ({ catalogFingerprint: async () => (stub.reads++, stub.fingerprint) }))
vi.mock('./postgraphile-schema', () => ({ buildProjectSchema: stub.build }))

import { FAILED_BUILD_RETRY_MS, projectSchema } from './project-schemas'
import { CATALOG_RECHECK_MS, catalogMayHaveChanged } from '../sql/catalog-version'

const pool = {} as Pool
let platform: Platform

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  stub.fingerprint = 'a'
  stub.reads = 0
  stub.build.mockReset()
  // A fresh platform object: the cache is kept per platform.
  platform = { config: { sqlTimeoutMs: 1_000 } } as Platform
})
afterEach(() => vi.useRealTimers())

it('answers a failed build from memory for the same catalog, and builds again once it changed', async () => {
  stub.build.mockRejectedValue(new Error('two tables named alike'))
  await expect(projectSchema(platform, 'ref1', pool)).rejects.toThrow('two tables named alike')
  await expect(projectSchema(platform, 'ref1', pool)).rejects.toThrow('two tables named alike')
  expect(stub.build).toHaveBeenCalledTimes(1)

  const built = { schema: {}, resolvedPreset: {} }
  stub.build.mockResolvedValue(built)
  stub.fingerprint = 'b'
  catalogMayHaveChanged(platform, 'ref1')
  await expect(projectSchema(platform, 'ref1', pool)).resolves.toMatchObject(built)
  await expect(projectSchema(platform, 'ref1', pool)).resolves.toMatchObject(built)
  expect(stub.build).toHaveBeenCalledTimes(2)
})

it('tries a failed build of the same catalog again once the retry time passed', async () => {
  stub.build.mockRejectedValue(new Error('canceling statement due to statement timeout'))
  await expect(projectSchema(platform, 'ref2', pool)).rejects.toThrow('timeout')
  vi.setSystemTime(Date.now() + FAILED_BUILD_RETRY_MS + 1)
  await expect(projectSchema(platform, 'ref2', pool)).rejects.toThrow('timeout')
  expect(stub.build).toHaveBeenCalledTimes(2)
})

it('does not remember a connection that failed', async () => {
  stub.build.mockRejectedValue(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))
  await expect(projectSchema(platform, 'ref3', pool)).rejects.toThrow('ECONNREFUSED')
  await expect(projectSchema(platform, 'ref3', pool)).rejects.toThrow('ECONNREFUSED')
  expect(stub.build).toHaveBeenCalledTimes(2)
})

it('reads the catalog fingerprint once per change through the SQL endpoint, not per request', async () => {
  stub.build.mockResolvedValue({ schema: {}, resolvedPreset: {} })
  for (let i = 0; i < 5; i++) await projectSchema(platform, 'ref4', pool)
  expect(stub.reads).toBe(1)
  expect(stub.build).toHaveBeenCalledTimes(1)

  stub.fingerprint = 'b'
  catalogMayHaveChanged(platform, 'ref4')
  await projectSchema(platform, 'ref4', pool)
  await projectSchema(platform, 'ref4', pool)
  expect(stub.reads).toBe(2)
  expect(stub.build).toHaveBeenCalledTimes(2)
})

it('reads the fingerprint again after CATALOG_RECHECK_MS, for a change made from elsewhere', async () => {
  stub.build.mockResolvedValue({ schema: {}, resolvedPreset: {} })
  await projectSchema(platform, 'ref5', pool)
  stub.fingerprint = 'changed over psql'
  vi.setSystemTime(Date.now() + CATALOG_RECHECK_MS - 1)
  await projectSchema(platform, 'ref5', pool)
  expect(stub.build).toHaveBeenCalledTimes(1)
  vi.setSystemTime(Date.now() + 2)
  await projectSchema(platform, 'ref5', pool)
  expect(stub.reads).toBe(2)
  expect(stub.build).toHaveBeenCalledTimes(2)
})

it('keeps each project its own: a change in one does not make another read again', async () => {
  stub.build.mockResolvedValue({ schema: {}, resolvedPreset: {} })
  await projectSchema(platform, 'ref6', pool)
  await projectSchema(platform, 'ref7', pool)
  catalogMayHaveChanged(platform, 'ref6')
  await projectSchema(platform, 'ref7', pool)
  expect(stub.reads).toBe(2)
  await projectSchema(platform, 'ref6', pool)
  expect(stub.reads).toBe(3)
})

// @vitest-environment node
/** When a catalog read stands: per project, until SQL ran through the platform or CATALOG_RECHECK_MS passed. */
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Platform } from '../kernel/platform'
import { CATALOG_RECHECK_MS, catalogMayHaveChanged, catalogStamp, isFresh } from './catalog-version'

let platform: Platform
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  platform = {} as Platform
})
afterEach(() => vi.useRealTimers())

it('stands until SQL ran through the platform in that project', () => {
  const stamp = catalogStamp(platform, 'a')
  catalogMayHaveChanged(platform, 'b')
  expect(isFresh(platform, 'a', stamp)).toBe(true)
  catalogMayHaveChanged(platform, 'a')
  expect(isFresh(platform, 'a', stamp)).toBe(false)
})

it('stands for CATALOG_RECHECK_MS, not longer', () => {
  const stamp = catalogStamp(platform, 'a')
  vi.setSystemTime(Date.now() + CATALOG_RECHECK_MS - 1)
  expect(isFresh(platform, 'a', stamp)).toBe(true)
  vi.setSystemTime(Date.now() + 1)
  expect(isFresh(platform, 'a', stamp)).toBe(false)
})

it('never stands for another project, even at the same count', () => {
  expect(isFresh(platform, 'b', catalogStamp(platform, 'a'))).toBe(false)
})

it('keeps each platform its own', () => {
  const stamp = catalogStamp(platform, 'a')
  catalogMayHaveChanged({} as Platform, 'a')
  expect(isFresh(platform, 'a', stamp)).toBe(true)
})

import { createQueryClient, DEFAULT_STALE_TIME, LONG_STALE_TIME, PROJECT_DETAIL_STALE_TIME, shouldRetry } from './query-client'
import { ResponseError } from './fetchers'

describe('retry rule', () => {
  it.each([
    [400, 0, false],
    [401, 0, false],
    [404, 0, false],
    [429, 0, false],
    [499, 0, false],
    [500, 0, true],
    [500, 2, true],
    [500, 3, false],
    [503, 1, true],
  ])('status %i after %i failures → retry %s', (status, failures, expected) => {
    expect(shouldRetry(failures, new ResponseError('x', status))).toBe(expected)
  })
  it('retries unknown errors up to 3 times', () => {
    expect(shouldRetry(2, new Error('x'))).toBe(true)
    expect(shouldRetry(3, new Error('x'))).toBe(false)
  })
})

describe('stale times (SPEC §9)', () => {
  it('default 60 s, profile/organizations/permissions 30 min, project detail 30 s', () => {
    expect(DEFAULT_STALE_TIME).toBe(60_000)
    expect(LONG_STALE_TIME).toBe(1_800_000)
    expect(PROJECT_DETAIL_STALE_TIME).toBe(30_000)
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(60_000)
  })
})

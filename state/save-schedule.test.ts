import { ResponseError } from '@/data/fetchers'
import { isRetryableSaveError, retryDelayMs } from './save-schedule'

it.each([
  [1, 2_000],
  [2, 4_000],
  [3, 8_000],
  [5, 32_000],
  [6, 60_000],
  [50, 60_000],
])('retry %i waits %i ms', (attempt, expected) => expect(retryDelayMs(attempt)).toBe(expected))

it.each([
  [new ResponseError('network', 500), true],
  [new ResponseError('unavailable', 503), true],
  [new ResponseError('slow down', 429), true],
  [new ResponseError('timeout', 408), true],
  [new TypeError('Failed to fetch'), true],
  [new ResponseError('bad', 400), false],
  [new ResponseError('forbidden', 403), false],
  [new ResponseError('gone', 404), false],
  [new ResponseError('too large', 413), false],
])('%s is retryable: %s', (error, expected) => expect(isRetryableSaveError(error)).toBe(expected))

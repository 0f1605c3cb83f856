import { retryDelayMs } from './provision'

it.each([
  [1, 5_000],
  [2, 15_000],
  [3, 45_000],
  [5, 405_000],
  [6, 600_000],
  [20, 600_000],
])('after attempt %i the next waits %i ms (×3 each time, at most 10 min)', (attempts, ms) => expect(retryDelayMs(5_000, attempts)).toBe(ms))

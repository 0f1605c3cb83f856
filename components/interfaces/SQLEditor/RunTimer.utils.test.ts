import { formatElapsed } from './RunTimer.utils'

it.each([
  [0, '0.0 s'],
  [-50, '0.0 s'],
  [149, '0.1 s'],
  [4_250, '4.2 s'],
  [59_999, '59.9 s'],
  [60_000, '01:00.0'],
  [65_340, '01:05.3'],
  [3_600_000 + 9_900, '60:09.9'],
])('%i ms → %s', (ms, expected) => expect(formatElapsed(ms)).toBe(expected))

import { formatDuration, phaseTable } from './phase-times.mjs'

describe('the time table npm test prints', () => {
  it.each([
    [0, '0 ms'],
    [812.4, '812 ms'],
    [1_000, '1.0 s'],
    [41_234, '41.2 s'],
    [59_940, '59.9 s'],
    [60_000, '1 min 00 s'],
    [185_400, '3 min 05 s'],
    [1_020_000, '17 min 00 s'],
  ])('writes %d ms as %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })

  it('lists every phase in order, marks the failed ones, and ends with the total', () => {
    const lines = phaseTable(
      [
        { label: 'type check', ms: 41_200, ok: true },
        { label: 'lint', ms: 9_800, ok: false },
      ],
      51_300
    )
    expect(lines).toEqual(['type check      41.2 s', 'lint             9.8 s  (failed)', 'total           51.3 s'])
  })
})

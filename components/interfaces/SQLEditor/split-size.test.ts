import {
  clampFraction,
  DEFAULT_EDITOR_FRACTION,
  fractionAfterKey,
  fractionAt,
  MAX_FRACTION,
  MIN_EDITOR_PX,
  MIN_FRACTION,
  MIN_RESULTS_PX,
  parseStoredFraction,
} from './split-size'

describe('editor / results split', () => {
  it.each([
    // fraction, total px, expected
    [0.5, 1000, 0.5],
    [0.02, 1000, MIN_FRACTION],
    [0.99, 2000, MAX_FRACTION],
    [0.05, 400, MIN_EDITOR_PX / 400], // 80 px of editor at least
    [0.95, 400, 1 - MIN_RESULTS_PX / 400], // 120 px of results at least
    [0.5, 0, 0.5], // not laid out: share bounds only
    [0.01, 0, MIN_FRACTION],
    [0.5, 150, MIN_EDITOR_PX / (MIN_EDITOR_PX + MIN_RESULTS_PX)], // too small for both
    [Number.NaN, 1000, DEFAULT_EDITOR_FRACTION],
  ])('clamp %f of %i px → %f', (fraction, total, expected) => {
    expect(clampFraction(fraction, total)).toBeCloseTo(expected, 10)
  })

  it('turns a pointer position into a share', () => {
    expect(fractionAt(300, 1000)).toBeCloseTo(0.3)
    expect(fractionAt(-50, 1000)).toBeCloseTo(MIN_FRACTION)
    expect(fractionAt(300, 0)).toBe(DEFAULT_EDITOR_FRACTION)
  })

  it.each([
    ['ArrowUp', 0.45],
    ['ArrowDown', 0.55],
    ['Home', MIN_FRACTION],
    ['End', MAX_FRACTION],
    ['ArrowLeft', null],
    ['Enter', null],
  ])('key %s from 0.5 → %s', (key, expected) => {
    const next = fractionAfterKey(0.5, key, 2000)
    if (expected === null) expect(next).toBeNull()
    else expect(next).toBeCloseTo(expected)
  })

  it.each([
    ['0.3', 0.3],
    ['0.75', 0.75],
    [null, null],
    ['', null],
    ['0', null],
    ['1', null],
    ['-0.2', null],
    ['half', null],
    ['Infinity', null],
  ])('stored %j → %s', (value, expected) => {
    expect(parseStoredFraction(value)).toBe(expected)
  })
})

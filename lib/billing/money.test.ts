import { describe, expect, it } from 'vitest'
import { formatUnitPrice, formatUsd, roundCents } from './money'

describe('roundCents', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [1.004, 1],
    [0.1 + 0.2, 0.3],
    [9.99936, 10],
    [0.00325, 0],
    [-1.005, -1.01],
    [1234.565, 1234.57],
  ])('%d → %d', (amount, rounded) => expect(roundCents(amount)).toBe(rounded))
})

describe('formatUsd', () => {
  it.each([
    [1234.56, '$1,234.56'],
    [25, '$25.00'],
    [0.01, '$0.01'],
    [0.005, '$0.01'],
    [0.004, '$0'],
    [0.00325, '$0'],
    [0, '$0'],
    [-12.5, '-$12.50'],
    [-0.001, '$0'],
    [1_000_000, '$1,000,000.00'],
    [Number.NaN, '–'],
  ])('%d → %s', (amount, text) => expect(formatUsd(amount)).toBe(text))
})

describe('formatUnitPrice', () => {
  it.each([
    [0.00325, '$0.00325'],
    [0.01344, '$0.01344'],
    [0.125, '$0.125'],
    [0.09, '$0.09'],
    [2.5, '$2.50'],
    [2, '$2.00'],
    [599, '$599.00'],
  ])('%d → %s', (amount, text) => expect(formatUnitPrice(amount)).toBe(text))
})

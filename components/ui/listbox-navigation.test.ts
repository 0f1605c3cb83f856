import { firstEnabled, lastEnabled, matchTypeahead, moveActive } from './listbox-navigation'

const options = [
  { label: 'Apple', disabled: true },
  { label: 'Banana' },
  { label: 'Blueberry' },
  { label: 'Cherry', disabled: true },
  { label: 'Date' },
  { label: 'Elderberry', disabled: true },
]

describe('listbox navigation', () => {
  it('finds the first and last enabled option', () => {
    expect(firstEnabled(options)).toBe(1)
    expect(lastEnabled(options)).toBe(4)
    expect(firstEnabled([{ label: 'x', disabled: true }])).toBe(-1)
  })

  it.each([
    // current, by, expected
    [1, 1, 2],
    [2, 1, 4], // skips the disabled Cherry
    [4, 1, 4], // the disabled last one: stays, no wrap
    [4, -1, 2],
    [1, -1, 1], // no wrap to the end
    [1, 10, 4], // page down lands on the last enabled one
    [4, -10, 1],
    [-1, 1, 1], // nothing active: down starts at the first
    [-1, -1, 4], // and up at the last
  ])('from %i by %i → %i', (current, by, expected) => {
    expect(moveActive(options, current, by)).toBe(expected)
  })

  it.each([
    // current, query, expected
    [1, 'b', 2], // next option starting with b
    [2, 'b', 1], // wraps around
    [1, 'bl', 2],
    [2, 'bl', 2], // a refining query keeps the current match
    [1, 'bb', 2], // a repeated letter cycles
    [-1, 'd', 4],
    [1, 'c', -1], // Cherry is disabled
    [1, 'E', -1],
    [1, 'z', -1],
    [1, '', -1],
  ])('type-ahead from %i with %j → %i', (current, query, expected) => {
    expect(matchTypeahead(options, current, query)).toBe(expected)
  })
})

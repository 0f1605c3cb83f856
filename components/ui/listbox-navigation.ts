/** Keyboard movement through a list of options, some of them disabled (pure, for the Listbox). */

export interface NavigableOption {
  label: string
  disabled?: boolean
}

/** The first enabled option at or after `from` going in `step` direction, or -1. */
function scan(options: readonly NavigableOption[], from: number, step: 1 | -1): number {
  for (let i = from; i >= 0 && i < options.length; i += step) if (!options[i]?.disabled) return i
  return -1
}

export function firstEnabled(options: readonly NavigableOption[]): number {
  return scan(options, 0, 1)
}

export function lastEnabled(options: readonly NavigableOption[]): number {
  return scan(options, options.length - 1, -1)
}

/**
 * The option `by` places away from `current` (negative: up), landing on an enabled one and
 * stopping at the ends instead of wrapping, as a native select does. With nothing active yet,
 * moving down starts at the first option and moving up at the last.
 */
export function moveActive(options: readonly NavigableOption[], current: number, by: number): number {
  if (current < 0) return by >= 0 ? firstEnabled(options) : lastEnabled(options)
  const target = Math.max(0, Math.min(options.length - 1, current + by))
  const step = by >= 0 ? 1 : -1
  const found = scan(options, target, step)
  if (found !== -1) return found
  // Only disabled options past the target: go back towards where we were.
  const back = scan(options, target, step === 1 ? -1 : 1)
  return back === -1 ? current : back
}

/**
 * Type-ahead: the next enabled option after `current` whose label starts with `query` (case
 * insensitive), wrapping around; a query of one repeated letter cycles through options with that
 * letter, as native selects do. -1 when none matches.
 */
export function matchTypeahead(options: readonly NavigableOption[], current: number, query: string): number {
  const needle = query.toLocaleLowerCase()
  if (needle === '') return -1
  const cycling = needle.length > 1 && [...needle].every((char) => char === needle[0])
  const prefix = cycling ? needle[0]! : needle
  // A longer query refines the current match, so it may stay where it is; one letter moves on.
  const start = needle.length > 1 && !cycling ? Math.max(current, 0) : current + 1
  for (let offset = 0; offset < options.length; offset++) {
    const index = (start + offset + options.length) % options.length
    const option = options[index]!
    if (!option.disabled && option.label.toLocaleLowerCase().startsWith(prefix)) return index
  }
  return -1
}

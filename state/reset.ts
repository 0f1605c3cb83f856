/**
 * Every client store, reset at once: on sign-out nothing of the last user's work (SQL text,
 * results) may stay in memory for the next one. A new store in state/ registers its reset here
 * with `resetOnSignOut` when its module loads: a store never loaded holds nothing to forget, and
 * this module (loaded on every page) pulls no store's code into pages that do not use it.
 */
const resets = new Set<() => void>()

export function resetOnSignOut(reset: () => void) {
  resets.add(reset)
}

export function resetClientStores() {
  for (const reset of resets) reset()
}

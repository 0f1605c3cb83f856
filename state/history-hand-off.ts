/**
 * A run chosen in the query history, on its way to a new snippet. The page of
 * `/sql/new?from=history` reads it and starts the new editor from its SQL, the way `?snippet=`
 * starts one from a library snippet. It lives in memory only: a reload of that URL opens an empty
 * new snippet, and no one's SQL is left behind in the browser.
 */
import { proxy } from 'valtio'
import { resetOnSignOut } from './reset'

const initial = () => ({ seq: 0, sql: null as string | null })

export const historyHandOff = proxy({
  ...initial(),
  /** Sign-out must call this (state/reset.ts `resetClientStores`): the SQL is the user's. */
  reset() {
    Object.assign(historyHandOff, initial())
  },
})
resetOnSignOut(() => historyHandOff.reset())

/** Hands `sql` over; the caller then navigates to `historyHandOffHref(ref)`. */
export function handOffFromHistory(sql: string) {
  historyHandOff.seq += 1
  historyHandOff.sql = sql
}

export const historyHandOffHref = (projectRef: string) => `/project/${projectRef}/sql/new?from=history`

/**
 * The hand-off as the editor's starting point. The editor starts afresh when the id of what it
 * starts from changes; library snippets have positive ids, so a hand-off takes `-seq`: choosing
 * another run (or the same one again) always gives a fresh editor, never a library snippet's.
 */
export function historyStart(handOff: { seq: number; sql: string | null }): { id: number; sql: string } | undefined {
  return handOff.sql === null ? undefined : { id: -handOff.seq, sql: handOff.sql }
}

import { toast } from 'sonner'

export const NAVIGATOR_LOCKS_WARNING = 'This browser does not support the Navigator Locks API. Please update it.'

let warned = false

/**
 * SPEC §8: the auth client coordinates token refreshes between tabs with navigator.locks; without
 * it, tabs may refresh at once and sign each other out. Said once per page load, in the console
 * and as a notice that stays out of the way.
 */
export function warnIfNavigatorLocksMissing(nav: Pick<Navigator, 'locks'> | undefined = typeof navigator === 'undefined' ? undefined : navigator): boolean {
  if (warned || !nav || nav.locks) return false
  warned = true
  console.warn(NAVIGATOR_LOCKS_WARNING)
  toast.warning(NAVIGATOR_LOCKS_WARNING, { id: 'navigator-locks-missing' })
  return true
}

/** For tests: as if the page had just loaded. */
export function resetNavigatorLocksWarning() {
  warned = false
}

import { toast } from 'sonner'
import { afterEach, expect, it, vi } from 'vitest'
import { recordToasts } from '@/tests/helpers/toasts'
import { NAVIGATOR_LOCKS_WARNING, resetNavigatorLocksWarning, warnIfNavigatorLocksMissing } from './navigator-locks'

afterEach(() => {
  resetNavigatorLocksWarning()
  vi.restoreAllMocks()
})
recordToasts()

it('warns once, in the console and as a notice, when navigator.locks is missing', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  const oldBrowser = { locks: undefined } as unknown as Navigator
  expect(warnIfNavigatorLocksMissing(oldBrowser)).toBe(true)
  expect(warnIfNavigatorLocksMissing(oldBrowser)).toBe(false)
  expect(warn).toHaveBeenCalledTimes(1)
  expect(warn).toHaveBeenCalledWith('This browser does not support the Navigator Locks API. Please update it.')
  expect(toast.warning).toHaveBeenCalledTimes(1)
  expect(toast.warning).toHaveBeenCalledWith(NAVIGATOR_LOCKS_WARNING, expect.anything())
})

it('says nothing when the browser has navigator.locks', () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
  expect(warnIfNavigatorLocksMissing({ locks: {} as LockManager })).toBe(false)
  expect(warn).not.toHaveBeenCalled()
  expect(toast.warning).not.toHaveBeenCalled()
})

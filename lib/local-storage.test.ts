// @vitest-environment happy-dom
import { clearLocalStorageExceptKeepList, LOCAL_STORAGE_KEYS } from './local-storage'

it('sign-out clears everything but the keep-list', () => {
  localStorage.setItem(LOCAL_STORAGE_KEYS.THEME, 'dark')
  localStorage.setItem(LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, 'true')
  localStorage.setItem(LOCAL_STORAGE_KEYS.AUTH_SESSION, '{}')
  localStorage.setItem(LOCAL_STORAGE_KEYS.LAST_VISITED_SNIPPET('abc'), '1')
  localStorage.setItem('anything-else', 'x')
  clearLocalStorageExceptKeepList()
  expect(Object.keys({ ...localStorage }).sort()).toEqual([LOCAL_STORAGE_KEYS.TELEMETRY_CONSENT, LOCAL_STORAGE_KEYS.THEME].sort())
})

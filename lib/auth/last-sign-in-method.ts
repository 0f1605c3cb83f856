/**
 * The way this browser last signed in ('email', or an OAuth provider's name), kept across
 * sign-outs (it is on the keep-list) so that the sign-in page can point at it.
 */
import { LOCAL_STORAGE_KEYS } from '../local-storage'

/** What may be stored: 'email' or a provider name (never something a URL could smuggle in). */
const METHOD = /^[a-z][a-z0-9_]{0,31}$/

export function readLastSignInMethod(storage: Pick<Storage, 'getItem'> = window.localStorage): string | null {
  const value = storage.getItem(LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD)
  return value && METHOD.test(value) ? value : null
}

export function rememberSignInMethod(method: string, storage: Pick<Storage, 'setItem'> = window.localStorage) {
  if (METHOD.test(method)) storage.setItem(LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD, method)
}

/**
 * The browser's auth client: @supabase/auth-js talking to the GoTrue-compatible service, by
 * default the built-in one on the same origin at /auth/v1 (NEXT_PUBLIC_GOTRUE_URL overrides).
 */
import { GoTrueClient } from '@supabase/auth-js'
import { LOCAL_STORAGE_KEYS } from '../local-storage'
import { setAccessTokenProvider } from './session-token'
import { CONFIGURED_GOTRUE_URL } from '../client-config'

let client: GoTrueClient | undefined

export function gotrueUrl(): string {
  return CONFIGURED_GOTRUE_URL ?? `${window.location.origin}/auth/v1`
}

export function getGoTrueClient(): GoTrueClient {
  if (!client) {
    client = new GoTrueClient({
      url: gotrueUrl(),
      storageKey: LOCAL_STORAGE_KEYS.AUTH_SESSION,
      autoRefreshToken: true,
      persistSession: true,
      detectSessionInUrl: false,
      // Passkey methods (registerPasskey, signInWithPasskey, passkey.*) are behind this flag in auth-js.
      experimental: { passkey: true },
    })
    setAccessTokenProvider(async () => (await client!.getSession()).data.session?.access_token)
  }
  return client
}

/**
 * Says where the fetch stack's session comes from: the auth client in platform mode (created
 * now, so that the first platform call waits for it to read the stored session), none in
 * self-hosted mode. Idempotent; until it is called, calls that need a session wait.
 */
export function startSessionSource(platform: boolean) {
  if (platform) getGoTrueClient()
  else setAccessTokenProvider(undefined)
}

import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { readAuthRedirect, withoutAuthParams, type AuthRedirect } from '@/lib/auth/auth-redirect'

export type AuthRedirectOutcome = {
  /** idle: the page was not reached by a redirect; finishing: the session is being stored; done: it is. */
  status: 'idle' | 'finishing' | 'done' | 'failed'
  error: string | null
  /** GoTrue's error_code, when it sent one (identity_already_exists …). */
  errorCode: string | null
  /** The provider the sign-in page said it went to (`?method=`), when it did. */
  provider?: string | null
}

/** Stores the session the redirect brought (implicit flow), or exchanges its code (PKCE). */
async function finish(redirect: Exclude<AuthRedirect, { kind: 'none' | 'error' }>) {
  const client = getGoTrueClient()
  const { error } =
    redirect.kind === 'session'
      ? await client.setSession({ access_token: redirect.accessToken, refresh_token: redirect.refreshToken })
      : await client.exchangeCodeForSession(redirect.code)
  return error
}

/**
 * Finishes what an OAuth provider's round trip brought back to this page (a sign-in, or an
 * identity linked): the tokens leave the address bar first, then the session is stored, which the
 * auth state change carries to the rest of the dashboard. `onSession` gets the page's query as it
 * arrived (the sign-in page reads which provider it was).
 */
export function useAuthRedirect({ onSession }: { onSession?: (arrival: URLSearchParams) => void } = {}): AuthRedirectOutcome {
  const [outcome, setOutcome] = useState<AuthRedirectOutcome>({ status: 'idle', error: null, errorCode: null })
  const handled = useRef(false)
  const sessionStored = useEffectEvent((arrival: URLSearchParams) => onSession?.(arrival))

  useEffect(() => {
    // Once per page load: the URL is cleaned at once, and a code works only once anyway.
    if (handled.current) return
    handled.current = true
    const href = window.location.href
    const redirect = readAuthRedirect(href)
    if (redirect.kind === 'none') return
    const arrival = new URL(href).searchParams
    window.history.replaceState(window.history.state, '', withoutAuthParams(href, ['method']))
    const settle = async () => {
      if (redirect.kind === 'error') return setOutcome({ status: 'failed', error: redirect.message, errorCode: redirect.code, provider: arrival.get('method') })
      setOutcome({ status: 'finishing', error: null, errorCode: null })
      const error = await finish(redirect)
      setOutcome(error ? { status: 'failed', error: error.message, errorCode: error.code ?? null } : { status: 'done', error: null, errorCode: null })
      if (!error) sessionStored(arrival)
    }
    void settle()
  }, [])

  return outcome
}

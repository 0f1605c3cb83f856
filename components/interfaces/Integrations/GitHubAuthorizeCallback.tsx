import { useEffect, useRef, useState } from 'react'
import Link from 'next/link'
import { useRouter } from 'next/router'
import { Alert, Button, Spinner } from '@/components/ui'
import { useAuth } from '@/components/auth/AuthProvider'
import { useIsPlatform } from '@/components/layouts/RuntimeConfigGate'
import { useGithubConnectionCreateMutation, type GithubConnectionCreateVariables } from '@/data/integrations/github-connection-create-mutation'
import type { GithubConnection } from '@/lib/api-types'
import { callbackUrl } from '@/lib/github-app/popup'
import { checkReturnedState, endAuthorization, readPendingAuthorization, STATE_PROBLEMS } from '@/lib/github-app/state'

type Outcome =
  | { kind: 'working' }
  | { kind: 'connected'; login: string; slug: string }
  | { kind: 'installed'; slug: string }
  | { kind: 'failed'; message: string; slug?: string }

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * Where GitHub sends the pop-up back (`?code=…&state=…`, or `?error=…`): the state must be the one
 * this browser started, then the code goes to the platform, which exchanges it with GitHub and
 * records the account for the organization. Ending the state tells the opener to refresh.
 */
export function GitHubAuthorizeCallback() {
  const router = useRouter()
  const { session, isLoading } = useAuth()
  const isPlatform = useIsPlatform()
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' })
  const started = useRef(false)
  const connect = useGithubConnectionCreateMutation({ onError: () => undefined })
  const signedIn = !isPlatform || !!session

  useEffect(() => {
    if (!router.isReady || isLoading || !signedIn || started.current) return
    // Once per page load: a code is good for one exchange (and effects run twice in development).
    started.current = true
    void finish(router.query, connect.mutateAsync).then(setOutcome)
  }, [router.isReady, router.query, isLoading, signedIn, connect.mutateAsync])

  if (!isLoading && !signedIn)
    return (
      <Frame>
        <Alert variant="warning" title="Sign in to finish connecting GitHub">
          Your session has ended. <Link href="/sign-in" className="underline">Sign in</Link>, then connect GitHub again from the organization’s integrations page.
        </Alert>
      </Frame>
    )
  if (outcome.kind === 'working')
    return (
      <Frame>
        <p className="flex items-center gap-2 text-sm text-foreground-light" role="status">
          <Spinner label={null} /> Connecting GitHub…
        </p>
      </Frame>
    )
  const back = 'slug' in outcome && outcome.slug ? `/org/${outcome.slug}/integrations` : '/projects'
  return (
    <Frame>
      {outcome.kind === 'connected' && <Alert title="GitHub connected">@{outcome.login} is now connected to the organization. You can close this window.</Alert>}
      {outcome.kind === 'installed' && (
        <Alert title="App installed on GitHub">The installation was saved on GitHub. Connect your GitHub account from the integrations page to finish.</Alert>
      )}
      {outcome.kind === 'failed' && (
        <Alert variant="danger" title="GitHub was not connected">
          {outcome.message}
        </Alert>
      )}
      <div className="mt-4 flex gap-2">
        <Button onClick={() => window.close()}>Close window</Button>
        <Link href={back} className="inline-flex items-center text-sm text-foreground-light underline">
          Back to the integrations
        </Link>
      </div>
    </Frame>
  )
}

type Query = Record<string, string | string[] | undefined>

/** Checks what GitHub sent back against the state this browser started, and hands the code on. */
async function finish(query: Query, exchange: (vars: GithubConnectionCreateVariables) => Promise<GithubConnection>): Promise<Outcome> {
  const check = checkReturnedState(first(query.state), readPendingAuthorization())
  // Not ours (or already used): the stored state stays for the pop-up it belongs to.
  if (!check.ok) return { kind: 'failed', message: STATE_PROBLEMS[check.reason] }
  const code = first(query.code)
  const error = first(query.error)
  try {
    if (!error && !code && first(query.setup_action)) return { kind: 'installed', slug: check.slug }
    if (error || !code) {
      const reason = (first(query.error_description) ?? error ?? 'no code was sent back').replace(/\.+$/, '')
      return { kind: 'failed', slug: check.slug, message: `GitHub did not authorize the app: ${reason}.` }
    }
    const connection = await exchange({ slug: check.slug, code, redirect_uri: callbackUrl(window.location.origin) })
    return { kind: 'connected', login: connection.github_login, slug: check.slug }
  } catch (e) {
    return { kind: 'failed', slug: check.slug, message: (e as Error).message }
  } finally {
    endAuthorization()
  }
}

function Frame({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto mt-16 w-full max-w-md px-4">{children}</main>
}

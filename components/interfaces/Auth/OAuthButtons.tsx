import { useState, type ReactNode } from 'react'
import type { Provider } from '@supabase/auth-js'
import { Alert, Button, Skeleton } from '@/components/ui'
import { useAuthSettingsQuery } from '@/data/auth/auth-settings-query'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { enabledOAuthProviders, providerLabel } from '@/lib/auth/oauth-providers'
import { LastUsedBadge } from './LastUsedBadge'
import { ProviderMark } from './ProviderMark'

/** Where a provider sends the browser back: the sign-in page, which finishes the sign-in and moves on to returnTo. */
function signInLanding(provider: string, returnTo: string | undefined): string {
  const url = new URL('/sign-in', window.location.origin)
  url.searchParams.set('method', provider)
  if (returnTo) url.searchParams.set('returnTo', returnTo)
  return url.toString()
}

/**
 * "Continue with …" for each OAuth provider the auth service has on, above the email form. While
 * the settings load, the space is kept; when they cannot be read, email sign-in still works, so
 * nothing is shown. `extra` (the passkey button) goes below the providers, above the "or".
 */
export function OAuthButtons({ returnTo, lastUsed, extra }: { returnTo?: string; lastUsed: string | null; extra?: ReactNode }) {
  const settings = useAuthSettingsQuery()
  const [starting, setStarting] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const providers = enabledOAuthProviders(settings.data?.external)

  async function start(provider: string) {
    setError(null)
    setStarting(provider)
    // Provider names are the platform's configuration; auth-js types only the ones it knows.
    const { error: failed } = await getGoTrueClient().signInWithOAuth({ provider: provider as Provider, options: { redirectTo: signInLanding(provider, returnTo) } })
    // On success the browser is already on its way to the provider.
    if (failed) {
      setStarting(null)
      setError(failed.message)
    }
  }

  if (settings.isPending) return <Skeleton className="h-10 w-full" />
  if (!providers.length && !extra) return null
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <div key={provider} className="relative">
          <Button type="default" size="medium" block icon={<ProviderMark provider={provider} />} loading={starting === provider} disabled={starting !== null} onClick={() => void start(provider)}>
            Continue with {providerLabel(provider)}
          </Button>
          {lastUsed === provider && <LastUsedBadge className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2" />}
        </div>
      ))}
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      {extra}
      <div className="my-2 flex items-center gap-3 text-xs text-foreground-lighter" role="separator" aria-label="or">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
    </div>
  )
}

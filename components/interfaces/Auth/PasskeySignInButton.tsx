import { useState } from 'react'
import { KeyRound } from 'lucide-react'
import { Alert, Button } from '@/components/ui'
import { useIsClient } from '@/components/ui/useIsClient'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { browserSupportsPasskeys, passkeyErrorMessage } from '@/lib/auth/passkeys'
import { rememberSignInMethod } from '@/lib/auth/last-sign-in-method'
import { LastUsedBadge } from './LastUsedBadge'

/**
 * "Sign in with a passkey": the browser offers the passkeys it holds for this site, no email
 * asked. On success auth-js announces the session like a password sign-in does, so the page moves
 * on (or asks for the authenticator code) exactly as after a password.
 */
export function PasskeySignInButton({ onSignedIn, className, lastUsed = false }: { onSignedIn?: () => void; className?: string; lastUsed?: boolean }) {
  const isClient = useIsClient()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Only in the browser, and only one that can: nothing to press otherwise.
  if (!isClient || !browserSupportsPasskeys()) return null

  async function signIn() {
    setError(null)
    setBusy(true)
    try {
      const { error: failed } = await getGoTrueClient().signInWithPasskey()
      if (failed) return setError(passkeyErrorMessage(failed))
      rememberSignInMethod('passkey')
      onSignedIn?.()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className={className}>
      <div className="relative">
        <Button type="default" size="medium" icon={<KeyRound size={16} />} onClick={() => void signIn()} loading={busy} block>
          Sign in with a passkey
        </Button>
        {lastUsed && <LastUsedBadge className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2" />}
      </div>
      {error && (
        <Alert variant="danger" role="alert" className="mt-3">
          {error}
        </Alert>
      )}
    </div>
  )
}

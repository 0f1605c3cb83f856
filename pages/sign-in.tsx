import { useEffect } from 'react'
import Head from 'next/head'
import { toast } from 'sonner'
import { AuthForm } from '@/components/interfaces/Auth/AuthForm'
import { MfaChallengeForm } from '@/components/interfaces/Auth/MfaChallengeForm'
import { OAuthButtons } from '@/components/interfaces/Auth/OAuthButtons'
import { PasskeySignInButton } from '@/components/interfaces/Auth/PasskeySignInButton'
import { Testimonials } from '@/components/interfaces/Auth/Testimonials'
import { useIsClient } from '@/components/ui/useIsClient'
import { browserSupportsPasskeys } from '@/lib/auth/passkeys'
import { useAuthRedirect } from '@/components/interfaces/Auth/useAuthRedirect'
import { useLastSignInMethod } from '@/components/interfaces/Auth/useLastSignInMethod'
import { useSignedInRedirect } from '@/components/interfaces/Auth/useSignedInRedirect'
import { Alert } from '@/components/ui'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { rememberSignInMethod } from '@/lib/auth/last-sign-in-method'
import { providerLabel } from '@/lib/auth/oauth-providers'
import { isUnverifiedProviderEmail, unverifiedProviderEmailMessage } from '@/lib/auth/unverified-provider-email'
import { PRODUCT_NAME } from '@/lib/constants'

/**
 * Sign-in with email and password, a passkey or an OAuth provider. A provider sends the browser back here
 * (with the session or an error in the URL): the sign-in is finished, and the signed-in redirect
 * moves on to returnTo (/projects by default).
 */
export default function SignInPage() {
  const { switchQuery, mfaRequired, returnTo } = useSignedInRedirect()
  const lastUsed = useLastSignInMethod()
  const passkeys = useIsClient() && browserSupportsPasskeys()
  const redirect = useAuthRedirect({ onSession: (arrival) => rememberSignInMethod(arrival.get('method') ?? '') })
  // SPEC §8: an unverified code-host address is said in a toast, with what to do.
  const unverified = redirect.status === 'failed' && isUnverifiedProviderEmail(redirect.error, redirect.errorCode)
  const unverifiedMessage = unverifiedProviderEmailMessage(redirect.provider ? providerLabel(redirect.provider) : null)
  useEffect(() => {
    if (unverified) toast.error('Your email address is not verified', { description: unverifiedMessage, duration: Infinity })
  }, [unverified, unverifiedMessage])
  return (
    <>
      <Head>
        <title>{`Sign in | ${PRODUCT_NAME}`}</title>
      </Head>
      <AuthForm
        mode="sign-in"
        switchQuery={switchQuery}
        secondStep={mfaRequired ? <MfaChallengeForm /> : undefined}
        finishing={redirect.status === 'finishing' || redirect.status === 'done'}
        notice={
          redirect.error && (
            <Alert variant="danger" title="Signing in did not work" className="mb-4">
              {unverified ? unverifiedMessage : redirect.error}
            </Alert>
          )
        }
        alternatives={
          <OAuthButtons returnTo={returnTo} lastUsed={lastUsed} extra={passkeys ? <PasskeySignInButton lastUsed={lastUsed === 'passkey'} /> : undefined} />
        }
        lastUsedEmail={lastUsed === 'email'}
        aside={<Testimonials />}
        onSubmit={async (email, password) => {
          const { error } = await getGoTrueClient().signInWithPassword({ email, password })
          if (error) return error.message
          rememberSignInMethod('email')
          return null // the auth state change moves on to the return-to path
        }}
      />
    </>
  )
}

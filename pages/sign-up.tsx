import Head from 'next/head'
import { AuthForm } from '@/components/interfaces/Auth/AuthForm'
import { OAuthButtons } from '@/components/interfaces/Auth/OAuthButtons'
import { useLastSignInMethod } from '@/components/interfaces/Auth/useLastSignInMethod'
import { useSignedInRedirect } from '@/components/interfaces/Auth/useSignedInRedirect'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { rememberSignInMethod } from '@/lib/auth/last-sign-in-method'
import { PRODUCT_NAME } from '@/lib/constants'

/** Sign-up with email and password, or with an OAuth provider (which comes back to /sign-in to finish). */
export default function SignUpPage() {
  const { switchQuery, returnTo } = useSignedInRedirect()
  const lastUsed = useLastSignInMethod()
  return (
    <>
      <Head>
        <title>{`Sign up | ${PRODUCT_NAME}`}</title>
      </Head>
      <AuthForm
        mode="sign-up"
        switchQuery={switchQuery}
        alternatives={<OAuthButtons returnTo={returnTo} lastUsed={lastUsed} />}
        lastUsedEmail={lastUsed === 'email'}
        onSubmit={async (email, password) => {
          // With no mail server, the built-in auth confirms at once and answers a session.
          const { data, error } = await getGoTrueClient().signUp({ email, password })
          if (error) return error.message
          if (!data.session) return 'Check your email to confirm your account, then sign in.'
          rememberSignInMethod('email')
          return null
        }}
      />
    </>
  )
}

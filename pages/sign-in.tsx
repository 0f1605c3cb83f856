import Head from 'next/head'
import { AuthForm } from '@/components/interfaces/Auth/AuthForm'
import { MfaChallengeForm } from '@/components/interfaces/Auth/MfaChallengeForm'
import { useSignedInRedirect } from '@/components/interfaces/Auth/useSignedInRedirect'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { PRODUCT_NAME } from '@/lib/constants'

export default function SignInPage() {
  const { switchQuery, mfaRequired } = useSignedInRedirect()
  return (
    <>
      <Head>
        <title>{`Sign in | ${PRODUCT_NAME}`}</title>
      </Head>
      <AuthForm
        mode="sign-in"
        switchQuery={switchQuery}
        secondStep={mfaRequired ? <MfaChallengeForm /> : undefined}
        onSubmit={async (email, password) => {
          const { error } = await getGoTrueClient().signInWithPassword({ email, password })
          if (error) return error.message
          localStorage.setItem(LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD, 'email')
          return null // the auth state change moves on to the return-to path
        }}
      />
    </>
  )
}

import Head from 'next/head'
import { AuthForm } from '@/components/interfaces/Auth/AuthForm'
import { useSignedInRedirect } from '@/components/interfaces/Auth/useSignedInRedirect'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { LOCAL_STORAGE_KEYS } from '@/lib/local-storage'
import { PRODUCT_NAME } from '@/lib/constants'

export default function SignUpPage() {
  const { switchQuery } = useSignedInRedirect()
  return (
    <>
      <Head>
        <title>{`Sign up | ${PRODUCT_NAME}`}</title>
      </Head>
      <AuthForm
        mode="sign-up"
        switchQuery={switchQuery}
        onSubmit={async (email, password) => {
          // With no mail server, the built-in auth confirms at once and answers a session.
          const { data, error } = await getGoTrueClient().signUp({ email, password })
          if (error) return error.message
          if (!data.session) return 'Check your email to confirm your account, then sign in.'
          localStorage.setItem(LOCAL_STORAGE_KEYS.LAST_SIGN_IN_METHOD, 'email')
          return null
        }}
      />
    </>
  )
}

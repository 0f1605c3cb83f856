import { useRef, useState } from 'react'
import { useRuntimeConfigQuery } from '@/data/config/config-query'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { rememberSignInMethod } from '@/lib/auth/last-sign-in-method'
import { AuthForm } from './AuthForm'
import { Captcha, type CaptchaHandle } from './Captcha'
import { OAuthButtons } from './OAuthButtons'
import { useLastSignInMethod } from './useLastSignInMethod'
import { useSignedInRedirect } from './useSignedInRedirect'

export const CAPTCHA_MISSING = 'Complete the captcha check before signing up.'

/**
 * Sign-up with email and password, or with an OAuth provider (which comes back to /sign-in to
 * finish). When the server has a captcha configured (GET /api/config), its widget sits above the
 * button and its token goes with the sign-up (auth-js `captchaToken`).
 */
export function SignUpForm() {
  const { switchQuery, returnTo } = useSignedInRedirect()
  const lastUsed = useLastSignInMethod()
  const captcha = useRuntimeConfigQuery().data?.captcha ?? null
  const [captchaToken, setCaptchaToken] = useState<string | null>(null)
  const widget = useRef<CaptchaHandle>(null)
  return (
    <AuthForm
      mode="sign-up"
      switchQuery={switchQuery}
      alternatives={<OAuthButtons returnTo={returnTo} lastUsed={lastUsed} />}
      lastUsedEmail={lastUsed === 'email'}
      beforeSubmit={captcha && <Captcha ref={widget} siteKey={captcha.siteKey} scriptUrl={captcha.scriptUrl} onToken={setCaptchaToken} />}
      onSubmit={async (email, password) => {
        if (captcha && !captchaToken) return CAPTCHA_MISSING
        try {
          // With no mail server, the built-in auth confirms at once and answers a session.
          const { data, error } = await getGoTrueClient().signUp({ email, password, options: captchaToken ? { captchaToken } : undefined })
          if (error) return error.message
          if (!data.session) return 'Check your email to confirm your account, then sign in.'
          rememberSignInMethod('email')
          return null
        } finally {
          // The token was spent, whatever the answer: the next attempt needs a new one.
          if (captcha) widget.current?.reset()
        }
      }}
    />
  )
}

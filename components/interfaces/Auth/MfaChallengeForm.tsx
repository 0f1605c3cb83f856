import { useState, type FormEvent } from 'react'
import { Alert, Button, Input } from '@/components/ui'
import { useAuth } from '@/components/auth/AuthProvider'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'

/**
 * The second step of signing in for a user with an authenticator app: the 6-digit code raises the
 * session to aal2, and the auth state change moves the page on.
 */
export function MfaChallengeForm() {
  const { session, signOut } = useAuth()
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [submitting, setSubmitting] = useState(false)
  const factor = (session?.user.factors ?? []).find((f) => f.status === 'verified' && f.factor_type === 'totp')

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!factor) return
    const digits = code.replace(/\s/g, '')
    if (!/^\d{6}$/.test(digits)) return setError('Enter the 6-digit code from your authenticator app.')
    setSubmitting(true)
    setError(null)
    const { error: failed } = await getGoTrueClient().mfa.challengeAndVerify({ factorId: factor.id, code: digits })
    setSubmitting(false)
    if (failed) setError(failed.code === 'mfa_verification_failed' ? 'That code is not valid. Wait for the next one and try again.' : failed.message)
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-foreground-light">
        Enter the code from the authenticator app you set up{factor?.friendly_name ? ` (${factor.friendly_name})` : ''}.
      </p>
      <Input
        label="Authentication code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="123456"
        maxLength={7}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        size="medium"
        autoFocus
      />
      {error && (
        <Alert variant="danger" role="alert">
          {error}
        </Alert>
      )}
      <Button type="primary" htmlType="submit" size="medium" loading={submitting} block>
        Verify
      </Button>
      <Button type="text" size="small" onClick={() => void signOut()}>
        Use another account
      </Button>
    </form>
  )
}

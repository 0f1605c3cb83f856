import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Alert, Button, Card, CardContent, CardHeader, Input } from '@/components/ui'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { PasswordStrengthBar } from '../Auth/PasswordStrengthBar'
import { usePasswordStrength } from '../Auth/usePasswordStrength'

/**
 * Change password: scored like sign-up (SPEC §5). When the platform asks for reauthentication, a
 * code is mailed and the change is sent again with it.
 */
export function ChangePasswordCard() {
  const [password, setPassword] = useState('')
  const [nonce, setNonce] = useState('')
  const [needsNonce, setNeedsNonce] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const strength = usePasswordStrength(password)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setSaving(true)
    try {
      const problem = await strength.problem(password).catch((e: Error) => `Failed to check password strength: ${e.message}`)
      if (problem) return setError(problem)
      const client = getGoTrueClient()
      const { error: failed } = await client.updateUser({ password, ...(needsNonce ? { nonce: nonce.trim() } : {}) })
      if (failed?.code === 'reauthentication_needed') {
        const sent = await client.reauthenticate()
        if (sent.error) return setError(sent.error.message)
        setNeedsNonce(true)
        return setError('We sent a code to your email. Enter it below to confirm the change.')
      }
      if (failed) return setError(failed.code === 'reauthentication_not_valid' ? 'That code is not valid or has expired.' : failed.message)
      toast.success('Your password was changed')
      setPassword('')
      setNonce('')
      setNeedsNonce(false)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card>
      <CardHeader title="Password" description="Use a password you do not use anywhere else." />
      <CardContent>
        <form onSubmit={submit} className="flex max-w-md flex-col gap-4" noValidate>
          <Input label="New password" type="password" name="new-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {password && <PasswordStrengthBar result={strength.result} />}
          {needsNonce && <Input label="Code from your email" name="nonce" inputMode="numeric" autoComplete="one-time-code" value={nonce} onChange={(e) => setNonce(e.target.value)} />}
          {error && (
            <Alert variant={needsNonce && !nonce ? 'info' : 'danger'} role="alert">
              {error}
            </Alert>
          )}
          <div>
            <Button type="primary" htmlType="submit" loading={saving} disabled={!password}>
              Change password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}

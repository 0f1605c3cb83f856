import { useState, type FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { ShieldCheck, Trash2 } from 'lucide-react'
import { Alert, Badge, Button, Card, CardContent, CardHeader, Input, Skeleton } from '@/components/ui'
import { useMfaFactorsQuery } from '@/data/auth/mfa-factors-query'
import { authKeys } from '@/data/auth/keys'
import { getGoTrueClient } from '@/lib/auth/gotrue-client'
import { qrCodeSrc } from '@/lib/auth/qr-code'

type Enrolment = { id: string; qrCode: string; secret: string }

/** Two-factor authentication: add an authenticator app (QR code, then a code to prove it), list and remove factors. */
export function MfaCard() {
  const queryClient = useQueryClient()
  const factors = useMfaFactorsQuery()
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [name, setName] = useState('')
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: authKeys.factors() })
  const client = getGoTrueClient()

  async function start() {
    setError(null)
    setBusy(true)
    // An enrolment left half-way (page closed before the code) is dropped first.
    for (const f of factors.data ?? []) if (f.status === 'unverified') await client.mfa.unenroll({ factorId: f.id })
    const { data, error: failed } = await client.mfa.enroll({ factorType: 'totp', friendlyName: name.trim() || undefined })
    setBusy(false)
    if (failed || !data) return setError(failed?.message ?? 'Could not start the set-up.')
    setEnrolment({ id: data.id, qrCode: qrCodeSrc(data.totp.qr_code), secret: data.totp.secret })
  }

  async function verify(event: FormEvent) {
    event.preventDefault()
    if (!enrolment) return
    setBusy(true)
    const { error: failed } = await client.mfa.challengeAndVerify({ factorId: enrolment.id, code: code.replace(/\s/g, '') })
    setBusy(false)
    if (failed) return setError(failed.code === 'mfa_verification_failed' ? 'That code is not valid. Wait for the next one and try again.' : failed.message)
    toast.success('Two-factor authentication is on')
    setEnrolment(null)
    setCode('')
    setName('')
    await refresh()
  }

  async function remove(id: string) {
    setBusy(true)
    const { error: failed } = await client.mfa.unenroll({ factorId: id })
    setBusy(false)
    if (failed) return toast.error(`Failed to remove the factor: ${failed.message}`)
    toast.success('The authenticator app was removed')
    await refresh()
  }

  const verified = (factors.data ?? []).filter((f) => f.status === 'verified')
  return (
    <Card>
      <CardHeader
        title="Two-factor authentication"
        description="Ask for a code from an authenticator app when you sign in."
        actions={verified.length > 0 ? <Badge variant="brand">On</Badge> : <Badge>Off</Badge>}
      />
      <CardContent className="flex flex-col gap-4">
        {factors.isLoading && <Skeleton className="h-10 w-full" />}
        {factors.error && <Alert variant="danger">Failed to load your factors: {factors.error.message}</Alert>}
        {verified.length > 0 && (
          <ul className="flex flex-col divide-y divide-border rounded border border-border" aria-label="Authenticator apps">
            {verified.map((f) => (
              <li key={f.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <ShieldCheck size={16} className="text-brand" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{f.friendly_name || 'Authenticator app'}</span>
                <span className="hidden text-foreground-lighter sm:inline">added {new Date(f.created_at).toLocaleDateString()}</span>
                <Button type="text" size="tiny" icon={<Trash2 size={14} />} onClick={() => void remove(f.id)} disabled={busy} aria-label={`Remove ${f.friendly_name || 'authenticator app'}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        )}
        {!enrolment && !factors.isLoading && (
          <div className="flex max-w-md flex-col gap-3 sm:flex-row sm:items-end">
            <Input label="Name (optional)" placeholder="Phone" value={name} onChange={(e) => setName(e.target.value)} containerClassName="flex-1" />
            <Button type="default" onClick={() => void start()} loading={busy}>
              Add authenticator app
            </Button>
          </div>
        )}
        {enrolment && (
          <form onSubmit={verify} className="flex flex-col gap-4 sm:flex-row" noValidate>
            {/* eslint-disable-next-line @next/next/no-img-element -- a data URI made by the auth service, not an asset to optimise */}
            <img src={enrolment.qrCode} alt="QR code to scan with your authenticator app" width={176} height={176} className="shrink-0 rounded bg-white p-2" />
            <div className="flex min-w-0 flex-1 flex-col gap-3">
              <p className="text-sm text-foreground-light">Scan the code with your authenticator app, or enter this secret:</p>
              <code className="break-all rounded bg-surface-raised px-2 py-1 text-xs" data-testid="totp-secret">
                {enrolment.secret}
              </code>
              <Input label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} value={code} onChange={(e) => setCode(e.target.value)} />
              <div className="flex gap-2">
                <Button type="primary" htmlType="submit" loading={busy} disabled={code.replace(/\s/g, '').length !== 6}>
                  Verify and turn on
                </Button>
                <Button type="default" onClick={() => void client.mfa.unenroll({ factorId: enrolment.id }).then(() => setEnrolment(null))}>
                  Cancel
                </Button>
              </div>
            </div>
          </form>
        )}
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
      </CardContent>
    </Card>
  )
}

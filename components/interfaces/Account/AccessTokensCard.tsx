/**
 * Account → Access tokens: personal access tokens for the Management API (`/api/v1/…`: deploying
 * edge functions from a script or CI). A new token is shown once, with a copy button; the list
 * shows each one's name, its first and last characters, when it expires and was last used.
 */
import { useState } from 'react'
import { KeySquare, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Alert, Button, Card, CardContent, CardHeader, EmptyState, Input, Select, Skeleton } from '@/components/ui'
import { CopyButton } from '@/components/ui/CopyButton'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useAccessTokenCreateMutation } from '@/data/access-tokens/access-token-create-mutation'
import { useAccessTokenDeleteMutation } from '@/data/access-tokens/access-token-delete-mutation'
import { useAccessTokensQuery } from '@/data/access-tokens/access-tokens-query'
import { ACCESS_TOKEN_EXPIRIES, type AccessToken } from '@/lib/api-types/access-tokens'

const EXPIRY_OPTIONS = [...ACCESS_TOKEN_EXPIRIES.map((days) => ({ value: String(days), label: days === 365 ? 'In a year' : `In ${days} days` })), { value: 'never', label: 'Never' }]

const when = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleString() : none)

export function AccessTokensCard() {
  const tokens = useAccessTokensQuery()
  // Read once per render of the list, not per token (a render must not read the clock mid-way).
  const [now] = useState(() => Date.now())
  const [name, setName] = useState('')
  const [expiry, setExpiry] = useState('30')
  const [made, setMade] = useState<{ name: string; token: string } | null>(null)
  const [revoking, setRevoking] = useState<AccessToken | null>(null)
  const create = useAccessTokenCreateMutation({
    onSuccess: (token) => {
      setMade({ name: token.name, token: token.token })
      setName('')
    },
  })
  const revoke = useAccessTokenDeleteMutation({ onSuccess: () => (toast.success('Token revoked'), setRevoking(null)) })
  return (
    <Card>
      <CardHeader
        title="Access tokens"
        description="A token acts as you, with your roles in each organization, on the Management API (/api/v1/…): deploy edge functions from a script or CI with Authorization: Bearer sbp_…. It reaches nothing else of your account."
      />
      <CardContent className="flex flex-col gap-4">
        {made && (
          <Alert variant="warning" title={`Copy “${made.name}” now: it is not shown again`}>
            <div className="flex min-w-0 items-center gap-2">
              <code className="min-w-0 break-all font-mono text-xs" aria-label="The new token">
                {made.token}
              </code>
              <CopyButton size="tiny" type="default" text={made.token} label="Copy the new token">
                Copy
              </CopyButton>
            </div>
          </Alert>
        )}
        <form
          className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault()
            if (name.trim()) create.mutate({ name: name.trim(), expiresInDays: expiry === 'never' ? null : Number(expiry) })
          }}
        >
          <Input label="Name" placeholder="CI deploys" value={name} maxLength={100} onChange={(event) => setName(event.target.value)} autoComplete="off" />
          <Select label="Expires" value={expiry} onChange={(event) => setExpiry(event.target.value)} options={EXPIRY_OPTIONS} />
          <Button htmlType="submit" type="primary" loading={create.isPending} disabled={!name.trim()}>
            Generate token
          </Button>
        </form>
        {tokens.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : tokens.isError ? (
          <QueryErrorAlert title="Could not load your tokens" error={tokens.error} onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />
        ) : tokens.data.length === 0 ? (
          <EmptyState icon={<KeySquare size={24} />} title="No tokens yet" description="Generate one for each place that deploys: revoke it there alone when it leaks." />
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" aria-label="Your access tokens">
            {tokens.data.map((token) => {
              const expired = token.expires_at !== null && new Date(token.expires_at).getTime() < now
              return (
                <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <span className="text-sm font-medium text-foreground">{token.name}</span>
                    <span className="font-mono text-xs text-foreground-light">{token.token_alias}</span>
                    <span className="text-xs text-foreground-lighter">
                      {expired ? 'Expired' : `Expires: ${when(token.expires_at, 'never')}`} · Last used: {when(token.last_used_at, 'never')}
                    </span>
                  </div>
                  <Button type="default" size="tiny" icon={<Trash2 size={14} aria-hidden />} onClick={() => setRevoking(token)}>
                    Revoke
                  </Button>
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmModal open={revoking !== null} title={`Revoke “${revoking?.name}”?`} confirmLabel="Revoke token" loading={revoke.isPending} onClose={() => setRevoking(null)} onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}>
        Requests with it are refused from now on. Scripts that use it need a new token.
      </ConfirmModal>
    </Card>
  )
}

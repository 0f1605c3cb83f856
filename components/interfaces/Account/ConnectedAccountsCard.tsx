import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from 'sonner'
import { Link2, Mail, Phone, Unlink } from 'lucide-react'
import { Alert, Button, Card, CardContent, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { ProviderMark } from '@/components/interfaces/Auth/ProviderMark'
import { useAuthRedirect } from '@/components/interfaces/Auth/useAuthRedirect'
import { useAuthSettingsQuery } from '@/data/auth/auth-settings-query'
import { useIdentityLinkMutation } from '@/data/auth/identity-link-mutation'
import { useIdentityUnlinkMutation } from '@/data/auth/identity-unlink-mutation'
import { useUserIdentitiesQuery, type UserIdentity } from '@/data/auth/user-identities-query'
import { authKeys } from '@/data/auth/keys'
import { enabledOAuthProviders, providerLabel } from '@/lib/auth/oauth-providers'

const LINK_FAILURES: Record<string, string> = {
  identity_already_exists: 'That account is already connected, to you or to another user.',
}

/** What to show under the provider's name: the account's handle or address. */
function accountName(identity: UserIdentity): string {
  const data = identity.identity_data ?? {}
  const pick = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined)
  return pick('user_name') ?? pick('email') ?? pick('phone') ?? identity.id
}

function IdentityIcon({ provider }: { provider: string }) {
  if (provider === 'email') return <Mail size={16} className="shrink-0 text-foreground-light" aria-hidden />
  if (provider === 'phone') return <Phone size={16} className="shrink-0 text-foreground-light" aria-hidden />
  return <ProviderMark provider={provider} />
}

/**
 * The ways this account signs in (email, phone, OAuth providers): connect a configured provider,
 * disconnect one that is not the last. Connecting leaves for the provider and comes back here,
 * where the outcome is read from the URL.
 */
export function ConnectedAccountsCard() {
  const queryClient = useQueryClient()
  const identities = useUserIdentitiesQuery()
  const settings = useAuthSettingsQuery()
  const link = useIdentityLinkMutation()
  const unlink = useIdentityUnlinkMutation({ onSuccess: () => void toast.success('The account was disconnected') })
  const returned = useAuthRedirect()

  useEffect(() => {
    if (returned.status !== 'done') return
    toast.success('The account was connected')
    void queryClient.invalidateQueries({ queryKey: authKeys.identities() })
  }, [returned.status, queryClient])

  const list = identities.data ?? []
  const linked = new Set(list.map((i) => i.provider))
  const linkable = enabledOAuthProviders(settings.data?.external).filter((p) => !linked.has(p))
  const onlyOne = list.length <= 1
  const returnFailure = returned.error && (LINK_FAILURES[returned.errorCode ?? ''] ?? returned.error)

  return (
    <Card>
      <CardHeader title="Connected accounts" description="Ways you can sign in to this account." />
      <CardContent className="flex flex-col gap-4" aria-busy={identities.isPending || undefined}>
        {returnFailure && (
          <Alert variant="danger" title="Connecting the account did not work">
            {returnFailure}
          </Alert>
        )}
        {identities.isPending && (
          <div className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        )}
        {identities.error && (
          <QueryErrorAlert title="Failed to load your connected accounts" error={identities.error} onRetry={() => void identities.refetch()} />
        )}
        {identities.isSuccess && list.length === 0 && (
          <EmptyState icon={<Link2 size={20} />} title="No connected accounts" description="Connect an account below to be able to sign in with it." />
        )}
        {list.length > 0 && (
          <ul className="flex flex-col divide-y divide-border rounded border border-border" aria-label="Connected accounts">
            {list.map((identity) => (
              <li key={identity.identity_id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
                <IdentityIcon provider={identity.provider} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-foreground">{identity.provider === 'email' ? 'Email' : identity.provider === 'phone' ? 'Phone' : providerLabel(identity.provider)}</p>
                  <p className="truncate text-foreground-light">{accountName(identity)}</p>
                </div>
                {identity.created_at && <span className="hidden text-foreground-lighter sm:inline">since {new Date(identity.created_at).toLocaleDateString()}</span>}
                <Button
                  type="text"
                  size="tiny"
                  icon={<Unlink size={14} />}
                  disabled={onlyOne || unlink.isPending}
                  loading={unlink.isPending && unlink.variables?.identity.identity_id === identity.identity_id}
                  title={onlyOne ? 'Your only way to sign in cannot be disconnected' : undefined}
                  aria-label={`Disconnect ${providerLabel(identity.provider)} (${accountName(identity)})`}
                  onClick={() => unlink.mutate({ identity })}
                >
                  Unlink
                </Button>
              </li>
            ))}
          </ul>
        )}
        {onlyOne && list.length === 1 && <p className="text-xs text-foreground-lighter">Your only way to sign in cannot be disconnected: connect another one first.</p>}
        {identities.isSuccess && linkable.length > 0 && (
          <div className="flex flex-wrap gap-2">
            {linkable.map((provider) => (
              <Button
                key={provider}
                type="default"
                icon={<ProviderMark provider={provider} />}
                loading={link.isPending && link.variables?.provider === provider}
                disabled={link.isPending}
                onClick={() => link.mutate({ provider, redirectTo: `${window.location.origin}/account/security` })}
              >
                Link {providerLabel(provider)}
              </Button>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  )
}

import { Badge, Button, Card, CardHeader, EmptyState, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { CopyButton } from '@/components/ui/CopyButton'
import { useOrganizationInvitationsQuery } from '@/data/organizations/organization-invitations-query'
import { useInvitationRevokeMutation } from '@/data/organizations/invitation-revoke-mutation'
import { useCan } from '@/data/profile/use-can'
import type { Organization } from '@/lib/api-types'
import { invitationLink } from './roles.utils'

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: '2-digit', month: 'short', year: 'numeric' })

/** Invitations not answered yet, with their link to copy and a way to take them back. */
export function PendingInvitations({ org, origin }: { org: Organization; origin: string }) {
  const canInvite = useCan('members:invite', org)
  const invitations = useOrganizationInvitationsQuery({ slug: org.slug }, { enabled: canInvite })
  const revoke = useInvitationRevokeMutation()
  if (!canInvite) return null

  return (
    <Card>
      <CardHeader title="Pending invitations" />
      {invitations.error ? (
        <div className="p-4">
          <QueryErrorAlert
            title="Could not load the invitations"
            error={invitations.error}
            onRetry={() => void invitations.refetch()}
            retrying={invitations.isFetching}
          />
        </div>
      ) : !invitations.data ? (
        <div className="p-4" aria-busy="true" aria-label="Loading the invitations">
          <Skeleton className="h-10" />
        </div>
      ) : invitations.data.length === 0 ? (
        <EmptyState className="m-4 py-6" title="No pending invitations" description="Invite a member with the form above: their invitation waits here until they answer." />
      ) : (
        <ul className="divide-y divide-border">
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className="flex flex-col gap-3 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <span className="truncate">{invitation.email}</span>
                  <Badge variant="outline">{invitation.role}</Badge>
                  {invitation.status === 'expired' && <Badge variant="warning">Expired</Badge>}
                </p>
                <p className="text-sm text-foreground-light">
                  {invitation.status === 'expired' ? 'Expired' : 'Expires'} {formatDate(invitation.expires_at)}
                  {invitation.invited_by && ` · invited by ${invitation.invited_by}`}
                </p>
              </div>
              <div className="flex items-center gap-2">
                {invitation.status === 'pending' && (
                  <CopyButton size="tiny" type="outline" text={invitationLink(invitation.token, origin)} label={`Copy invitation link for ${invitation.email}`}>
                    Copy link
                  </CopyButton>
                )}
                <Button
                  size="tiny"
                  type="outline"
                  loading={revoke.isPending && revoke.variables?.id === invitation.id}
                  onClick={() => revoke.mutate({ slug: org.slug, id: invitation.id })}
                >
                  Revoke
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}

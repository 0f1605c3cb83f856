import { useState } from 'react'
import { useRouter } from 'next/router'
import { toast } from 'sonner'
import { Badge, Button, Card, CardHeader, EmptyState, Modal, ModalActions, Select, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { useOrganizationMembersQuery } from '@/data/organizations/organization-members-query'
import { useOrganizationMemberUpdateMutation } from '@/data/organizations/organization-member-update-mutation'
import { useOrganizationMemberRemoveMutation } from '@/data/organizations/organization-member-remove-mutation'
import { useOrganizationLeaveMutation } from '@/data/organizations/organization-leave-mutation'
import { useProfileQuery } from '@/data/profile/profile-query'
import { useCan } from '@/data/profile/use-can'
import type { Member, Organization, OrganizationRole } from '@/lib/api-types'
import { roleOptions } from './roles.utils'

type Pending = { kind: 'remove'; member: Member } | { kind: 'leave' }

/**
 * Every member with their role. Owners and Admins change roles and remove members (only an Owner
 * touches an Owner); anyone may leave. The platform keeps the last Owner; its message is shown.
 */
export function MembersList({ org }: { org: Organization }) {
  const router = useRouter()
  const members = useOrganizationMembersQuery({ slug: org.slug })
  const profile = useProfileQuery()
  const canUpdate = useCan('members:update', org)
  const [pending, setPending] = useState<Pending | null>(null)
  const updateRole = useOrganizationMemberUpdateMutation({ onSuccess: (m) => toast.success(`${m.username} is now ${m.role}`) })
  const remove = useOrganizationMemberRemoveMutation({
    onSuccess: () => {
      if (pending?.kind === 'remove') toast.success(`${pending.member.username} was removed`)
      setPending(null)
    },
  })
  const leave = useOrganizationLeaveMutation({
    onSuccess: async () => {
      setPending(null)
      await router.push('/projects')
      toast.success(`You left ${org.name}`)
    },
  })

  const owners = members.data?.filter((m) => m.role === 'Owner').length ?? 0
  const mayTouch = (member: Member) => canUpdate && (member.role !== 'Owner' || org.role === 'Owner')

  return (
    <Card>
      <CardHeader title="Members" description={members.data ? `${members.data.length} ${members.data.length === 1 ? 'member' : 'members'}` : undefined} />
      {members.error ? (
        <div className="p-4">
          <QueryErrorAlert title="Could not load the members" error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
        </div>
      ) : !members.data ? (
        <div className="flex flex-col gap-2 p-4" aria-busy="true" aria-label="Loading the members">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : members.data.length === 0 ? (
        <EmptyState className="m-4" title="No members" description="Invite someone with the form above." />
      ) : (
        <ul className="divide-y divide-border">
          {members.data.map((member) => {
            const isYou = member.gotrue_id === profile.data?.gotrue_id
            const lastOwner = member.role === 'Owner' && owners <= 1
            return (
              <li key={member.gotrue_id} className="flex flex-col gap-3 px-5 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 truncate text-sm font-medium">
                    <span className="truncate">{member.username}</span>
                    {isYou && <Badge>You</Badge>}
                  </p>
                  <p className="truncate text-sm text-foreground-light">{member.primary_email}</p>
                </div>
                <div className="flex items-center gap-2">
                  <Select
                    aria-label={`Role of ${member.username}`}
                    size="tiny"
                    containerClassName="w-36"
                    value={member.role}
                    disabled={!mayTouch(member) || updateRole.isPending || lastOwner}
                    title={lastOwner ? 'An organization must keep at least one Owner' : undefined}
                    options={roleOptions({ plan: org.plan.id, callerRole: org.role, current: member.role })}
                    onChange={(e) => updateRole.mutate({ slug: org.slug, gotrueId: member.gotrue_id, role: e.target.value as OrganizationRole })}
                  />
                  {isYou ? (
                    <Button size="tiny" type="outline" disabled={lastOwner} title={lastOwner ? 'Make another member an Owner first' : undefined} onClick={() => setPending({ kind: 'leave' })}>
                      Leave
                    </Button>
                  ) : (
                    mayTouch(member) && (
                      <Button size="tiny" type="outline" disabled={lastOwner} onClick={() => setPending({ kind: 'remove', member })}>
                        Remove
                      </Button>
                    )
                  )}
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <Modal
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        size="small"
        title={pending?.kind === 'leave' ? `Leave ${org.name}?` : `Remove ${pending?.kind === 'remove' ? pending.member.username : ''}?`}
        description={
          pending?.kind === 'leave'
            ? 'You lose access to its projects until someone invites you again.'
            : 'They lose access to the organization and its projects.'
        }
        preventBackdropClose={remove.isPending || leave.isPending}
        footer={
          <ModalActions
            actionLabel={pending?.kind === 'leave' ? 'Leave organization' : 'Remove member'}
            tone="danger"
            onCancel={() => setPending(null)}
            onAction={() =>
              pending?.kind === 'leave' ? leave.mutate({ slug: org.slug }) : pending && remove.mutate({ slug: org.slug, gotrueId: pending.member.gotrue_id })
            }
            busy={remove.isPending || leave.isPending}
          />
        }
      />
    </Card>
  )
}

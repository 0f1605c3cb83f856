import { useState, type ReactNode } from 'react'
import { Ban, KeyRound, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import { Badge, Button, Select, SidePanel } from '@/components/ui'
import { ConfirmModal } from '@/components/interfaces/SQLEditor/ConfirmModal'
import { useProjectUserBanMutation } from '@/data/project-auth/project-user-ban-mutation'
import { useProjectUserDeleteMutation } from '@/data/project-auth/project-user-delete-mutation'
import { useProjectUserRecoveryMutation } from '@/data/project-auth/project-user-recovery-mutation'
import type { ProjectUser } from '@/lib/api-types'
import { BAN_OPTIONS, banLabel, formatUserTime, isBanned, UNBAN, userStatuses } from './project-auth.utils'

/**
 * One user: what the platform knows of them, and what a member with auth:users:write may do:
 * send a password recovery mail, ban for a period or lift the ban, delete (after a confirmation).
 */
export function UserPanel({
  projectRef,
  user,
  canWrite,
  writeReason,
  onClose,
}: {
  projectRef: string
  user: ProjectUser | null
  canWrite: boolean
  writeReason?: string
  onClose: () => void
}) {
  return (
    <SidePanel open={user !== null} onClose={onClose} title={user ? (user.email ?? user.phone ?? 'User') : 'User'} description="A user of this project's applications.">
      {user && <UserDetail key={user.id} projectRef={projectRef} user={user} canWrite={canWrite} writeReason={writeReason} onDeleted={onClose} />}
    </SidePanel>
  )
}

function UserDetail({
  projectRef,
  user,
  canWrite,
  writeReason,
  onDeleted,
}: {
  projectRef: string
  user: ProjectUser
  canWrite: boolean
  writeReason?: string
  onDeleted: () => void
}) {
  const [duration, setDuration] = useState<string>(BAN_OPTIONS[1].value)
  const [confirmingDelete, setConfirmingDelete] = useState(false)
  const name = user.email ?? user.phone ?? user.id
  const recovery = useProjectUserRecoveryMutation({ onSuccess: () => toast.success(`Password recovery mail sent to ${user.email}`) })
  const ban = useProjectUserBanMutation({
    onSuccess: (_, { banDuration }) =>
      toast.success(banDuration === UNBAN ? `${name} can sign in again` : `${name} is banned for ${BAN_OPTIONS.find((o) => o.value === banDuration)?.label}`),
  })
  const remove = useProjectUserDeleteMutation({
    onSuccess: () => {
      setConfirmingDelete(false)
      toast.success(`User ${name} deleted`)
      onDeleted()
    },
  })
  const banned = isBanned(user)
  const statuses = userStatuses(user)

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Detail term="User id">
          <code className="font-mono text-xs break-all">{user.id}</code>
        </Detail>
        <Detail term="Email">{user.email ?? '—'}</Detail>
        <Detail term="Phone">{user.phone ?? '—'}</Detail>
        <Detail term="Providers">{user.providers.length ? user.providers.join(', ') : '—'}</Detail>
        <Detail term="Created">{formatUserTime(user.created_at)}</Detail>
        <Detail term="Last sign-in">{user.last_sign_in_at ? formatUserTime(user.last_sign_in_at) : 'Never'}</Detail>
        <Detail term="Email confirmed">{user.email_confirmed_at ? formatUserTime(user.email_confirmed_at) : 'No'}</Detail>
        {user.invited_at && <Detail term="Invited">{formatUserTime(user.invited_at)}</Detail>}
        {statuses.length > 0 && (
          <Detail term="Status">
            <span className="flex flex-wrap gap-1">
              {statuses.map((s) => (
                <Badge key={s.label} variant={s.variant}>
                  {/* Wraps on a phone ("Banned until …" is wider than the column): a badge itself never wraps. */}
                  <span className="whitespace-normal">{s.label}</span>
                </Badge>
              ))}
            </span>
          </Detail>
        )}
      </dl>

      {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}

      <Section title="Password recovery" description={user.email ? `Mails ${user.email} a link to set a new password.` : 'This user has no email address.'}>
        <Button
          type="outline"
          icon={<KeyRound size={14} aria-hidden />}
          disabled={!canWrite || !user.email}
          loading={recovery.isPending}
          onClick={() => user.email && recovery.mutate({ projectRef, email: user.email })}
        >
          Send password recovery
        </Button>
      </Section>

      <Section
        title="Ban"
        description={banned ? `${banLabel(user.banned_until)}: the user cannot sign in, and their sessions end.` : 'A banned user cannot sign in until the ban ends.'}
      >
        {banned ? (
          <Button type="outline" disabled={!canWrite} loading={ban.isPending} onClick={() => ban.mutate({ projectRef, id: user.id, banDuration: UNBAN })}>
            Unban user
          </Button>
        ) : (
          <div className="flex flex-wrap items-end gap-2">
            <Select label="Ban for" options={BAN_OPTIONS} value={duration} disabled={!canWrite} onChange={(e) => setDuration(e.target.value)} containerClassName="w-40" />
            <Button
              type="outline"
              icon={<Ban size={14} aria-hidden />}
              disabled={!canWrite}
              loading={ban.isPending}
              onClick={() => ban.mutate({ projectRef, id: user.id, banDuration: duration })}
            >
              Ban user
            </Button>
          </div>
        )}
      </Section>

      <Section title="Delete" description="Removes the user, their identities and sessions. This cannot be undone.">
        <Button type="danger" icon={<Trash2 size={14} aria-hidden />} disabled={!canWrite} onClick={() => setConfirmingDelete(true)}>
          Delete user
        </Button>
      </Section>

      {canWrite && (
        <ConfirmModal
          open={confirmingDelete}
          title={`Delete ${name}?`}
          confirmLabel="Delete user"
          loading={remove.isPending}
          onConfirm={() => remove.mutate({ projectRef, id: user.id })}
          onClose={() => setConfirmingDelete(false)}
        >
          <p>
            The user can no longer sign in, and rows in your tables that reference them in <code>auth.users</code> follow their foreign keys (deleted, set to
            null, or the delete is refused).
          </p>
        </ConfirmModal>
      )}
    </div>
  )
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-foreground-light">{term}</dt>
      <dd className="min-w-0 break-words text-foreground">{children}</dd>
    </>
  )
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2 border-t border-border pt-4">
      <h3 className="text-sm font-medium text-foreground">{title}</h3>
      <p className="text-sm text-foreground-light">{description}</p>
      <div>{children}</div>
    </section>
  )
}

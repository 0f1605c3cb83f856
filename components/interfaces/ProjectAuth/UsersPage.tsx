/**
 * Authentication → Users (/project/{ref}/auth/users): the project's own users, searched and paged
 * by the platform, with adding, inviting and, per user, recovery, ban and delete. Every member may
 * see the list (auth:users:read: a Read-only member reads the same rows in SQL); changes need
 * auth:users:write, and a member without it sees them disabled with the reason.
 */
import { useState } from 'react'
import { Mail, Search, UserPlus, Users } from 'lucide-react'
import { Button, EmptyState, Input, Skeleton } from '@/components/ui'
import { QueryErrorAlert } from '@/components/layouts/QueryErrorAlert'
import { FeaturePage } from '@/components/interfaces/ProjectFeatures/shared/FeaturePage'
import { rolesAllowed } from '@/components/interfaces/ApiSettings/api-settings.utils'
import { useCan } from '@/data/profile/use-can'
import { useProjectDetailQuery } from '@/data/projects/project-detail-query'
import { useProjectUsersQuery } from '@/data/project-auth/project-users-query'
import type { ProjectUser } from '@/lib/api-types'
import { CreateUserModal } from './CreateUserModal'
import { InviteUserModal } from './InviteUserModal'
import { UserPanel } from './UserPanel'
import { UsersPager } from './UsersPager'
import { UsersTable } from './UsersTable'
import { pageCount, SEARCH_DEBOUNCE_MS, USERS_PER_PAGE } from './project-auth.utils'
import { useDebounced } from './useDebounced'

export function UsersPage({ projectRef }: { projectRef: string }) {
  const { data: project } = useProjectDetailQuery({ ref: projectRef })
  const canWrite = useCan('auth:users:write', project && { id: project.organization_id })
  const [searchText, setSearchText] = useState('')
  const keywords = useDebounced(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const [paging, setPaging] = useState({ page: 1, keywords })
  // A new search starts at its first page.
  const page = paging.keywords === keywords ? paging.page : 1
  const users = useProjectUsersQuery({ projectRef, page, perPage: USERS_PER_PAGE, keywords })
  const lastPage = users.data && users.data.users.length === 0 && users.data.total > 0 && page > 1 ? pageCount(users.data.total, USERS_PER_PAGE) : null
  // A page emptied by deletes (or by others) gives way to the last page that has users; set while
  // rendering (React's way to adjust state to new data), once, as the guard stops a second time.
  if (lastPage !== null && lastPage !== page) setPaging({ page: lastPage, keywords })
  const [adding, setAdding] = useState<'create' | 'invite' | null>(null)
  const [selected, setSelected] = useState<ProjectUser | null>(null)

  const writeReason = canWrite ? undefined : `Only ${rolesAllowed('auth:users:write')} members can add, invite, ban or delete users.`
  // The panel shows the user as the list has them now (after a ban), or as they were picked.
  const shown = selected && (users.data?.users.find((u) => u.id === selected.id) ?? selected)

  return (
    <FeaturePage
      title="Users"
      description="The people who sign in to this project's applications, kept in its own auth schema."
      actions={
        <>
          <Button type="outline" icon={<Mail size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setAdding('invite')}>
            Invite user
          </Button>
          <Button type="primary" icon={<UserPlus size={14} aria-hidden />} disabled={!canWrite} title={writeReason} onClick={() => setAdding('create')}>
            Add user
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {writeReason && <p className="text-xs text-foreground-light">{writeReason}</p>}
        <Input
          type="search"
          aria-label="Search users"
          placeholder="Search by email, phone or user id"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          containerClassName="w-full sm:max-w-sm"
        />
        {users.isPending ? (
          <div className="flex flex-col gap-2" aria-label="Loading users">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <QueryErrorAlert title="Could not load the users" error={users.error} onRetry={() => void users.refetch()} retrying={users.isFetching} />
        ) : users.data.total === 0 && keywords === '' ? (
          <EmptyState
            icon={<Users size={28} />}
            title="No users yet"
            description="Users appear here once they sign up through your application, or when you add or invite them."
            action={
              canWrite && (
                <Button type="primary" icon={<UserPlus size={14} aria-hidden />} onClick={() => setAdding('create')}>
                  Add user
                </Button>
              )
            }
          />
        ) : users.data.total === 0 ? (
          <EmptyState icon={<Search size={28} />} title={`No users match “${keywords}”`} description="Search looks in emails and phone numbers, or for a whole user id." />
        ) : (
          <>
            <UsersTable users={users.data.users} onOpen={setSelected} />
            <UsersPager
              page={page}
              perPage={USERS_PER_PAGE}
              shown={users.data.users.length}
              total={users.data.total}
              loading={users.isPlaceholderData}
              onPage={(next) => setPaging({ page: next, keywords })}
            />
          </>
        )}
      </div>
      <CreateUserModal projectRef={projectRef} open={adding === 'create'} onClose={() => setAdding(null)} />
      <InviteUserModal projectRef={projectRef} open={adding === 'invite'} onClose={() => setAdding(null)} />
      <UserPanel projectRef={projectRef} user={shown} canWrite={canWrite} writeReason={writeReason} onClose={() => setSelected(null)} />
    </FeaturePage>
  )
}

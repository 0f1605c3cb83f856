import { Badge } from '@/components/ui'
import type { ProjectUser } from '@/lib/api-types'
import { formatUserTime, userStatuses } from './project-auth.utils'

/**
 * One page of users. The email (or phone) opens the user's panel. Scrolls sideways inside its
 * own box on a phone (`relative` keeps the sr-only caption in).
 */
export function UsersTable({ users, onOpen }: { users: readonly ProjectUser[]; onOpen: (user: ProjectUser) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[46rem] text-left text-sm">
        <caption className="sr-only">The project&apos;s users, newest first</caption>
        <thead className="bg-surface-raised text-xs text-foreground-light">
          <tr>
            {['User', 'Providers', 'Created', 'Last sign-in', 'Status'].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-surface-raised/50">
              <td className="max-w-[18rem] px-3 py-2">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium text-foreground hover:underline focus-visible:underline focus-visible:outline-none"
                  onClick={() => onOpen(user)}
                >
                  {user.email ?? user.phone ?? (user.is_anonymous ? 'Anonymous user' : user.id)}
                </button>
                {user.email && user.phone && <span className="block truncate text-xs text-foreground-light">{user.phone}</span>}
              </td>
              <td className="px-3 py-2 text-foreground-light">{user.providers.length ? user.providers.join(', ') : '—'}</td>
              <td className="px-3 py-2 whitespace-nowrap text-foreground-light">
                <time dateTime={user.created_at}>{formatUserTime(user.created_at)}</time>
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-foreground-light">
                {user.last_sign_in_at ? <time dateTime={user.last_sign_in_at}>{formatUserTime(user.last_sign_in_at)}</time> : 'Never'}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  {userStatuses(user).map((status) => (
                    <Badge key={status.label} variant={status.variant}>
                      {status.label}
                    </Badge>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

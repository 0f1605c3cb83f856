import { Badge } from '@/components/ui'
import type { ProjectUser } from '@/lib/api-types'
import { formatUserTime, userStatuses } from './project-auth.utils'

/**
 * One page of users. The email (or phone) opens the user's panel. On a phone only the user and
 * their status stay (the panel shows the rest), so the rest fits without scrolling sideways;
 * a long address still scrolls inside the table's own box (`relative` keeps the sr-only caption in).
 */
const WIDE_ONLY = 'hidden sm:table-cell'
const COLUMNS = [
  { label: 'User', wide: false },
  { label: 'Providers', wide: true },
  { label: 'Created', wide: true },
  { label: 'Last sign-in', wide: true },
  { label: 'Status', wide: false },
]

export function UsersTable({ users, onOpen }: { users: readonly ProjectUser[]; onOpen: (user: ProjectUser) => void }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-border">
      <table className="w-full text-left text-sm sm:min-w-[46rem]">
        <caption className="sr-only">The project&apos;s users, newest first</caption>
        <thead className="bg-surface-raised text-xs text-foreground-light">
          <tr>
            {COLUMNS.map(({ label, wide }) => (
              <th key={label} scope="col" className={`px-3 py-2 font-medium whitespace-nowrap ${wide ? WIDE_ONLY : ''}`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {users.map((user) => (
            <tr key={user.id} className="hover:bg-surface-raised/50">
              <td className="max-w-[12rem] px-3 py-2 sm:max-w-[18rem]">
                <button
                  type="button"
                  className="block max-w-full truncate text-left font-medium text-foreground hover:underline focus-visible:underline focus-visible:outline-none"
                  onClick={() => onOpen(user)}
                >
                  {user.email ?? user.phone ?? (user.is_anonymous ? 'Anonymous user' : user.id)}
                </button>
                {user.email && user.phone && <span className="block truncate text-xs text-foreground-light">{user.phone}</span>}
              </td>
              <td className={`px-3 py-2 text-foreground-light ${WIDE_ONLY}`}>{user.providers.length ? user.providers.join(', ') : '—'}</td>
              <td className={`px-3 py-2 whitespace-nowrap text-foreground-light ${WIDE_ONLY}`}>
                <time dateTime={user.created_at}>{formatUserTime(user.created_at)}</time>
              </td>
              <td className={`px-3 py-2 whitespace-nowrap text-foreground-light ${WIDE_ONLY}`}>
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

import type { privilegeRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { changeColumnPrivileges, listColumnPrivileges } from './column-privileges'

export const privilegeHandlers: Handlers<typeof privilegeRoutes> = {
  listColumnPrivileges: ({ platform, access, query }) => listColumnPrivileges(platform, access, query),
  grantColumnPrivileges: ({ platform, access, body }) => changeColumnPrivileges(platform, access, 'grant', body),
  revokeColumnPrivileges: ({ platform, access, body }) => changeColumnPrivileges(platform, access, 'revoke', body),
}

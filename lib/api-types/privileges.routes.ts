/**
 * Column-level privileges of a project's database: roles × columns, grant and revoke. Every member
 * may look (`sql:run`, as with any read of the database); changing them needs `sql:write`, so a
 * Read-only member cannot. Grant and revoke answer the table's privileges as they are afterwards.
 */
import { route } from './route'
import { byProjectRef } from './route-scopes'
import { projectParams } from './projects'
import { columnPrivileges, columnPrivilegesChangeBody, columnPrivilegesQuery } from './privileges'

const columnPrivilegesPath = '/platform/projects/:ref/column-privileges'

export const privilegeRoutes = {
  listColumnPrivileges: route({
    method: 'GET',
    path: columnPrivilegesPath,
    params: projectParams,
    query: columnPrivilegesQuery,
    answer: columnPrivileges,
    action: 'sql:run',
    scope: byProjectRef,
  }),
  grantColumnPrivileges: route({
    method: 'POST',
    path: `${columnPrivilegesPath}/grant`,
    params: projectParams,
    body: columnPrivilegesChangeBody,
    answer: columnPrivileges,
    action: 'sql:write',
    scope: byProjectRef,
  }),
  revokeColumnPrivileges: route({
    method: 'POST',
    path: `${columnPrivilegesPath}/revoke`,
    params: projectParams,
    body: columnPrivilegesChangeBody,
    answer: columnPrivileges,
    action: 'sql:write',
    scope: byProjectRef,
  }),
}

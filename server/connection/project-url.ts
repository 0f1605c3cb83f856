/**
 * A connection string that reaches a project's database as its own role (or, with `readOnly`, as a
 * role that can only read), for the platform's own clients that need a real Postgres connection
 * (the GraphQL endpoint). A server project: the role's URL on its server; an embedded project:
 * the platform's wire-protocol listener for embedded databases.
 */
import type { ProjectAccess } from '../http/types'
import type { Platform } from '../platform'

export async function projectConnectionUrl(platform: Platform, project: ProjectAccess, options: { readOnly: boolean }): Promise<string> {
  void platform
  void project
  void options
  throw new Error('not implemented yet')
}

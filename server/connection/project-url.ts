/**
 * A connection string that reaches a project's database as its own role (or, with `readOnly`, as a
 * role that can only read), for the platform's own clients that need a real Postgres connection
 * (the GraphQL endpoint). A server project: the role's URL on its server; an embedded project:
 * the platform's wire-protocol listener for embedded databases, with the platform's own password
 * for the project (WireListener.platformPassword).
 */
import type { ProjectAccess } from '../http/types'
import type { Platform } from '../platform'
import { PlatformError } from '../http/errors'
import { readOnlyLocation } from '../sql/read-only-location'
import { locationWithPassword, requireLocation } from './db-password'
import { connectionString, endpointOf } from './settings'

export async function projectConnectionUrl(platform: Platform, project: ProjectAccess, options: { readOnly: boolean }): Promise<string> {
  const stored = requireLocation(project)
  if (stored.kind === 'server') {
    if (!options.readOnly) return stored.url
    const location = await readOnlyLocation(platform, project.ref, project.region, stored)
    if (location.kind !== 'server' || !location.readOnlyUrl) throw new Error(`project ${project.ref} has no read-only role`)
    return location.readOnlyUrl
  }
  // Embedded: PGlite has one login, `postgres`, so there is no read-only role to connect as.
  // `readOnly` gets the same URL; the caller must keep a reader's work inside a read-only
  // transaction that takes the reader role (`databases.readerRole`, as the GraphQL endpoint does),
  // so that row-level security and the reader's grants apply.
  const location = await locationWithPassword(platform, project.ref, stored)
  const endpoint = endpointOf(platform, location)
  if (!endpoint || location.kind !== 'embedded' || !location.password)
    throw new PlatformError(503, 'Embedded databases are not reachable over the Postgres protocol here: EMBEDDED_DB_PORT is off, or its port was taken.')
  // The platform's own door (a Unix socket only this process's user can open, outside the caps
  // outsiders can fill) when there is one; else TCP, a wildcard address reached through loopback.
  const listener = platform.embeddedListener!
  if (listener.platformSocketDir)
    return connectionString({ ...endpoint, host: 'localhost', params: `?host=${encodeURIComponent(listener.platformSocketDir)}` }, listener.platformPassword(project.ref))
  const host = ['0.0.0.0', '::'].includes(listener.host) ? '127.0.0.1' : endpoint.host
  // Not the project's password: one only this process knows, which the listener also takes for
  // the project. A password change made while a request is under way cannot make the platform's
  // own connection fail (and count against 127.0.0.1's attempts), nor end its pooled sessions.
  return connectionString({ ...endpoint, host }, listener.platformPassword(project.ref))
}

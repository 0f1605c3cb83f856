/**
 * A project's connection details as the dashboard shows them: where to connect, as whom, and the
 * connection string with `[YOUR-PASSWORD]` where the password goes (revealed by its own route).
 */
import os from 'node:os'
import type { ProjectSettings } from '@/lib/api-types'
import type { Platform } from '../platform'
import type { ProjectAccess } from '../http/types'
import type { ProjectDbLocation } from '../databases'

export const PASSWORD_PLACEHOLDER = '[YOUR-PASSWORD]'

type Endpoint = { host: string; port: number; database: string; user: string; params: string }

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i

/** A host for a URL: IPv6 addresses in brackets. */
const urlHost = (host: string) => (host.includes(':') ? `[${host}]` : host)

export function connectionString(endpoint: Endpoint, password: string): string {
  const user = encodeURIComponent(endpoint.user)
  const secret = password === PASSWORD_PLACEHOLDER ? password : encodeURIComponent(password)
  return `postgresql://${user}:${secret}@${urlHost(endpoint.host)}:${endpoint.port}/${encodeURIComponent(endpoint.database)}${endpoint.params}`
}

/** Arguments a shell reads as they are: single quotes around anything but plain characters. */
const shellArg = (value: string) => (/^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`)

export const psqlCommand = (e: Endpoint) => `psql -h ${shellArg(e.host)} -p ${e.port} -d ${shellArg(e.database)} -U ${shellArg(e.user)}`

/** Where a client reaches the listener: a wildcard bind is reached by this machine's name. */
function listenerHost(platform: Platform): string {
  const host = platform.embeddedListener?.host ?? platform.config.embeddedDb.host
  if (host !== '0.0.0.0' && host !== '::') return host
  return platform.config.siteUrl ? new URL(platform.config.siteUrl).hostname : os.hostname()
}

/** The endpoint of a location (for an embedded one: null while the listener is off). */
export function endpointOf(platform: Platform, location: ProjectDbLocation): Endpoint | null {
  if (location.kind === 'embedded') {
    const listener = platform.embeddedListener
    if (!listener) return null
    return { host: listenerHost(platform), port: listener.port, database: location.ref, user: 'postgres', params: '' }
  }
  const url = new URL(location.url)
  return {
    host: decodeURIComponent(url.hostname).replace(/^\[(.*)\]$/, '$1') || 'localhost',
    port: url.port ? Number(url.port) : 5432,
    database: decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username),
    user: decodeURIComponent(url.username),
    params: url.search,
  }
}

export function projectSettings(platform: Platform, project: ProjectAccess): ProjectSettings {
  const location = project.db_location
  const base = { ref: project.ref, status: project.status }
  if (!location)
    return { ...base, db_kind: null, db_host: null, db_port: null, db_name: null, db_user: null, connection_string: null, psql_command: null, local_only: false, note: "The project's database is not set up yet." }
  const endpoint = endpointOf(platform, location)
  if (!endpoint)
    return {
      ...base,
      db_kind: 'embedded',
      db_host: null,
      db_port: null,
      db_name: location.ref,
      db_user: 'postgres',
      connection_string: null,
      psql_command: null,
      local_only: false,
      note: 'Connections from outside are turned off on this platform (EMBEDDED_DB_PORT is off, or its port was taken). The SQL editor still works.',
    }
  const localOnly = location.kind === 'embedded' && LOOPBACK.test(endpoint.host)
  return {
    ...base,
    db_kind: location.kind,
    db_host: endpoint.host,
    db_port: endpoint.port,
    db_name: endpoint.database,
    db_user: endpoint.user,
    connection_string: connectionString(endpoint, PASSWORD_PLACEHOLDER),
    psql_command: psqlCommand(endpoint),
    local_only: localOnly,
    note:
      location.kind === 'embedded'
        ? `An embedded database, served over the Postgres protocol by this platform${localOnly ? ', reachable from this machine only (EMBEDDED_DB_HOST)' : ''}. Connections are not encrypted. All clients share one database session: for many clients, use a PostgreSQL server.`
        : null,
  }
}

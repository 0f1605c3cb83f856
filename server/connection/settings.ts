/**
 * A project's connection details as the dashboard shows them: where to connect, as whom, and the
 * connection string with `[YOUR-PASSWORD]` where the password goes (revealed by its own route).
 */
import type { ProjectSettings } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'
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

/** The endpoint of a location: the role's URL on its server. */
export function endpointOf(location: ProjectDbLocation): Endpoint {
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
  const endpoint = endpointOf(location)
  // The platform's own server listens on loopback only: reachable from this machine alone.
  const engine = platform.servers.engine
  const localOnly = engine !== null && LOOPBACK.test(endpoint.host) && endpoint.port === engine.port
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
    note: localOnly
      ? 'A PostgreSQL server this platform runs on this machine: reachable from this machine only, connections not encrypted.'
      : null,
  }
}

/**
 * GET/PATCH /platform/projects/:ref/api-settings and the JWT secret's rotation: the project's URL
 * ({site}/p/{ref}), its keys and its data-API settings.
 */
import type { IncomingMessage } from 'node:http'
import { roleCan, type ApiSettings, type ApiSettingsPatch } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import type { ProjectAccess } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { ownOrigin } from '../auth/redirects'
import { apiSettingsOf, rotateSecret, updateSettings } from './settings'
import type { ProjectApiSettings } from './settings-type'
import { signApiKey } from './keys'
import { withProjectAdmin, projectDatabase } from '../databases/project-admin'
import { dataApiProcesses } from './data-api-service'
import { closeRealtimeSockets } from '../realtime/service'

import { GIVEN_DATABASE } from '../gateway/gate'

export { GIVEN_DATABASE }

export const SERVICE_KEY_REFUSED = 'Your role may not see the service_role key: it bypasses row level security. Ask an Owner, Admin or Developer of the organization.'

async function answer(platform: Platform, req: IncomingMessage, ref: string, settings: ProjectApiSettings, reveal: boolean): Promise<ApiSettings> {
  const url = `${ownOrigin(platform, req)}/p/${ref}`
  return {
    url,
    rest_url: `${url}/rest/v1`,
    anon_key: await signApiKey(settings.jwtSecret, 'anon', ref, settings.jwtSecretCreatedAt),
    service_role_key: reveal ? await signApiKey(settings.jwtSecret, 'service_role', ref, settings.jwtSecretCreatedAt) : null,
    jwt_secret_rotated_at: settings.jwtSecretRotatedAt?.toISOString() ?? null,
    data_api: {
      enabled: settings.enabled,
      schemas: settings.schemas,
      max_rows: settings.maxRows,
      anon_statement_timeout_s: settings.timeouts.anon,
      authenticated_statement_timeout_s: settings.timeouts.authenticated,
    },
  }
}

export async function getApiSettings(platform: Platform, req: IncomingMessage, project: ProjectAccess, reveal: boolean): Promise<ApiSettings> {
  if (reveal && !roleCan(project.role, 'api:service-key:read', { isPlatform: platform.config.isPlatform })) throw new PlatformError(403, SERVICE_KEY_REFUSED)
  return answer(platform, req, project.ref, await apiSettingsOf(platform, project.ref), reveal)
}

export async function rotateJwtSecret(platform: Platform, req: IncomingMessage, project: ProjectAccess): Promise<ApiSettings> {
  const settings = await rotateSecret(platform, project.ref)
  // The running PostgREST still trusts the old secret: stopped, the next request starts it with the new one.
  await dataApiProcesses(platform).stop(project.ref)
  // So do open realtime sockets (the secret of their handshake): closed, they connect again with the new keys.
  closeRealtimeSockets(platform, project.ref, "The project's JWT secret was rotated: connect again with the new API keys.")
  return answer(platform, req, project.ref, settings, false)
}

const RESERVED_SCHEMA = /^(pg_|information_schema$)/

/** Schemas the data API may expose: existing ones of the project's database, not the system's. */
async function checkSchemas(platform: Platform, project: ProjectAccess, schemas: string[]) {
  const reserved = schemas.filter((s) => RESERVED_SCHEMA.test(s))
  if (reserved.length) throw new PlatformError(400, `The data API cannot expose system schemas: ${reserved.join(', ')}`)
  if (!project.db_location) throw new PlatformError(409, "The project's database is not ready.")
  if (project.db_location.given) throw new PlatformError(409, GIVEN_DATABASE)
  const existing = await withProjectAdmin(platform, project, projectDatabase(project.ref), async (client) => {
    const { rows } = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname = any($1::text[])', [schemas])
    return new Set(rows.map((r) => r.nspname))
  })
  const missing = schemas.filter((s) => !existing.has(s))
  if (missing.length) throw new PlatformError(400, `No such schema in the project's database: ${missing.join(', ')}`)
}

export async function patchApiSettings(platform: Platform, req: IncomingMessage, project: ProjectAccess, body: ApiSettingsPatch): Promise<ApiSettings> {
  const change = body.data_api ?? {}
  const schemas = change.schemas && [...new Set(change.schemas)]
  if (schemas) await checkSchemas(platform, project, schemas)
  const settings = await updateSettings(platform, project.ref, {
    enabled: change.enabled,
    schemas,
    maxRows: change.max_rows,
    timeouts: { anon: change.anon_statement_timeout_s, authenticated: change.authenticated_statement_timeout_s },
  })
  // PostgREST reads its settings at start: the next request starts it with these.
  await dataApiProcesses(platform).stop(project.ref)
  return answer(platform, req, project.ref, settings, false)
}

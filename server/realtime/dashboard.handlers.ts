/**
 * Realtime → Settings and the inspector's token (lib/api-types/realtime.routes.ts). The inspector
 * connects from the browser to the project's own socket, like any application: as anon (the anon
 * key), as one of the project's users (a token signed with the project's secret for an hour), or as
 * the service role (its key, for members who may see it).
 */
import { SignJWT } from 'jose'
import { roleCan, type realtimeRoutes } from '@/lib/api-types'
import type { Handlers } from '../kernel/handler-types'
import { PlatformError } from '../kernel/errors'
import { ownOrigin } from '../auth/redirects'
import { apiSettingsOf } from '../data-api/settings'
import { signApiKey } from '../data-api/keys'
import { SERVICE_KEY_REFUSED } from '../data-api/api-settings'
import { roleClient } from '../databases/role-session'
import { serviceLocation, serviceUrlOf } from '../sql/read-only-location'
import { notServingMessage } from '../sql/not-serving'
import { REALTIME_PUBLICATION } from '@/lib/sql/publications'
import { realtimeLimits } from './limits'
import { realtimeService } from './service'

const INSPECTOR_TOKEN_SECONDS = 3600

export const realtimeHandlers: Handlers<typeof realtimeRoutes> = {
  getRealtimeSettings: async ({ platform, req, access }) => {
    const url = `${ownOrigin(platform, req)}/p/${access.ref}`
    const limits = realtimeLimits(access.plan)
    let facts = { changes_available: false, published_tables: null as number | null }
    if (access.db_location && !access.db_location.given && (access.status === 'ACTIVE_HEALTHY' || access.status === 'ACTIVE_UNHEALTHY')) {
      const location = await serviceLocation(platform, access.ref, access.region, access.db_location)
      const client = await roleClient(serviceUrlOf(location), { applicationName: 'realtime' })
      try {
        const { rows } = await client.query<{ wal_level: string; tables: number | null }>(
          `select pg_catalog.current_setting('wal_level') as wal_level,
             case when exists (select 1 from pg_catalog.pg_publication where pubname = $1)
               then (select count(*)::int from pg_catalog.pg_publication_tables where pubname = $1) end as tables`,
          [REALTIME_PUBLICATION]
        )
        facts = { changes_available: rows[0].wal_level === 'logical', published_tables: rows[0].tables }
      } finally {
        await client.end().catch(() => undefined)
      }
    }
    return {
      url,
      websocket_url: `${url.replace(/^http/, 'ws')}/realtime/v1/websocket`,
      max_connections: limits.maxConnections,
      max_message_bytes: limits.maxMessageBytes,
      connections: realtimeService(platform).socketsOf(access.ref),
      ...facts,
    }
  },

  createRealtimeInspectorToken: async ({ platform, req, access, body }) => {
    if (access.status !== 'ACTIVE_HEALTHY' && access.status !== 'ACTIVE_UNHEALTHY') throw new PlatformError(409, notServingMessage(access.status))
    if (body.role === 'service_role' && !roleCan(access.role, 'api:service-key:read', { isPlatform: platform.config.isPlatform })) throw new PlatformError(403, SERVICE_KEY_REFUSED)
    const settings = await apiSettingsOf(platform, access.ref)
    const url = `${ownOrigin(platform, req)}/p/${access.ref}`
    const apikey = await signApiKey(settings.jwtSecret, 'anon', access.ref, settings.jwtSecretCreatedAt)
    if (body.role === 'anon') return { url, apikey, access_token: apikey, role: 'anon' as const, expires_at: null }
    if (body.role === 'service_role') {
      const key = await signApiKey(settings.jwtSecret, 'service_role', access.ref, settings.jwtSecretCreatedAt)
      return { url, apikey, access_token: key, role: 'service_role' as const, expires_at: null }
    }
    const iat = Math.floor(Date.now() / 1000)
    const token = await new SignJWT({ role: 'authenticated', ref: access.ref, is_anonymous: false })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(body.user_id!)
      .setAudience('authenticated')
      .setIssuedAt(iat)
      .setExpirationTime(iat + INSPECTOR_TOKEN_SECONDS)
      .sign(new TextEncoder().encode(settings.jwtSecret))
    return { url, apikey, access_token: token, role: 'authenticated' as const, expires_at: new Date((iat + INSPECTOR_TOKEN_SECONDS) * 1000).toISOString() }
  },
}

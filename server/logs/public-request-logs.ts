/**
 * Requests to a project's public URL ({site}/p/{ref}/…), logged once their key was found to be
 * the project's (a request with no key or another's is not, or anyone could write into any
 * project's log): the data API's in postgrest_logs, the auth service's in edge_logs. Kept as
 * edge_logs keeps its requests: method, path without the query string (it may carry a key),
 * status, duration, request id, client address, user agent; and the key's role.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Platform } from '../kernel/platform'
import { clientIp } from '../http/guards'
import type { ServiceLogSource } from '../gateway/types'
import { recordLog } from './recorder'
import { levelOfStatus } from './edge-logs'

const MAX_USER_AGENT = 512

export function logPublicRequest(
  platform: Platform,
  entry: { req: IncomingMessage; res: ServerResponse; ref: string; source: ServiceLogSource; path: string; requestId: string; keyRole: string; bytes?: () => number; fields?: Record<string, unknown> }
) {
  const { req, res } = entry
  const started = performance.now()
  const method = req.method ?? 'GET'
  const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, MAX_USER_AGENT) : null
  const ip = clientIp(req, platform.config.trustProxyHops)
  res.once('close', () => {
    // Closed before the answer ended: the client left (499, as proxies write it).
    const status = res.writableFinished ? res.statusCode : 499
    recordLog(platform, {
      projectRef: entry.ref,
      source: entry.source,
      level: levelOfStatus(status),
      message: `${method} | ${status} | ${entry.path}`,
      metadata: {
        request: { method, path: entry.path, id: entry.requestId, user_agent: userAgent, client_ip: ip },
        response: { status_code: status, duration_ms: Math.round(performance.now() - started), ...(entry.bytes ? { bytes: entry.bytes() } : {}) },
        key_role: entry.keyRole,
        ...entry.fields,
      },
    })
  })
}

/**
 * edge_logs: the platform's API requests that concern a project (a path naming its ref), recorded
 * once the answer is sent. Kept: method, path (never the query string, which may carry a secret),
 * status, duration, request id, the caller's user id, client address and user agent. The address
 * and user agent are personal data of the caller; they are the project's owners' own log and
 * follow its retention (docs/logs.md).
 *
 * Called once the caller is known to have access to the project the path names (the route's
 * project scope was found for them). Anything else is not the project's and is not logged: a
 * request refused before (no session: 401), an outsider's (404; logging it would let anyone
 * write into any project's log), a route not scoped to that project. Nor is reading the logs
 * themselves (an auto-refreshing log page would otherwise fill its own log). The duration counts
 * from there.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { LogLevel } from '@/lib/api-types'
import type { Platform } from '../kernel/platform'
import { clientIp } from '../http/guards'
import { recordLog } from './recorder'

const PROJECT_PATH = /^\/platform\/(?:projects|pg-meta)\/([a-z0-9][a-z0-9_-]{0,62})(?:\/|$)/
const LOGS_PATH = /^\/platform\/projects\/[^/]+\/logs\/?$/
const MAX_USER_AGENT = 512

/** The project ref a request path names, if it names one. */
export function projectRefOfPath(path: string): string | null {
  if (LOGS_PATH.test(path)) return null
  return PROJECT_PATH.exec(path)?.[1] ?? null
}

export const levelOfStatus = (status: number): LogLevel => (status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info')

/** The caller's access the router found (a project's carries its ref), in whatever shape it found it. */
type FoundAccess = object | null | undefined

/** Answers whether the request is being logged (it is from this call on when it answers true). */
export function logProjectRequest(
  platform: Platform,
  { req, res, path, requestId, userId, project }: { req: IncomingMessage; res: ServerResponse; path: string; requestId: string; userId: string | null; project: FoundAccess }
): boolean {
  const ref = projectRefOfPath(path)
  if (!ref || !project || !('ref' in project) || project.ref !== ref) return false
  const started = performance.now()
  const method = req.method ?? 'GET'
  const userAgent = typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'].slice(0, MAX_USER_AGENT) : null
  const ip = clientIp(req, platform.config.trustProxyHops)
  res.once('close', () => {
    // Closed before the answer ended: the client left (499, as proxies write it).
    const status = res.writableFinished ? res.statusCode : 499
    recordLog(platform, {
      projectRef: ref,
      source: 'edge_logs',
      level: levelOfStatus(status),
      message: `${method} | ${status} | ${path}`,
      metadata: {
        request: { method, path, id: requestId, user_agent: userAgent, client_ip: ip },
        response: { status_code: status, duration_ms: Math.round(performance.now() - started) },
        user_id: userId,
      },
    })
  })
  return true
}

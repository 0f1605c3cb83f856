/**
 * {site}/p/{ref}/rest/v1/… (Next rewrites it to /api/p/…): the project's data API. A raw proxy to
 * the project's PostgREST (processes.ts), not a JSON route: the `apikey` header (or `?apikey=`)
 * must be a key signed with THIS project's secret, else 401 as Supabase's gateway answers; it is
 * sent on as `Authorization: Bearer` when the request has no Authorization of its own (PostgREST
 * then checks that token with the same secret and takes its role). Method, path, query, body and
 * PostgREST's headers go through; the answer is streamed back and counted as egress. Any origin
 * may call it (apps call it from browsers with the anon key; keys, not cookies, authorize).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http'
import type { Platform } from '../platform'
import type { ProjectStatus } from '@/lib/api-types'
import { notServingMessage, restrictedMessage } from '../sql/not-serving'
import { countEgress } from '../billing/egress'
import { apiSettingsOf } from './settings'
import { apiKeyRole } from './keys'
import { dataApiProcesses } from './processes'
import { GIVEN_DATABASE } from './api-settings'

const PATH = /^\/p\/([a-z0-9][a-z0-9_-]{0,62})\/rest\/v1(\/[^?]*)?$/

/** The project and the path below /rest/v1 of a data-API request path (without /api), or null. */
export function dataApiTarget(path: string): { ref: string; rest: string } | null {
  const match = PATH.exec(path)
  return match ? { ref: match[1], rest: match[2] || '/' } : null
}

/** Request headers PostgREST reads; nothing else (cookies, the dashboard's) goes through. */
const FORWARDED = ['accept', 'content-type', 'content-length', 'prefer', 'range', 'range-unit', 'accept-profile', 'content-profile', 'if-none-match', 'if-match']
/** Connection-level answer headers, not passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-authenticate', 'trailer'])
/**
 * PostgREST answers what a project's SQL asks (`response.headers`, media-type domains) and here it
 * answers on the platform's own origin: no cookie of a project's choosing reaches the dashboard's,
 * no answer runs as a page there (sandboxed, never sniffed), whatever its Content-Type, and
 * its CORS stays the proxy's: any origin, never with credentials.
 */
const DROPPED = new Set(['set-cookie', 'set-cookie2', 'content-security-policy', 'x-content-type-options', 'refresh', 'access-control-allow-origin', 'access-control-allow-credentials'])
const CONTAINED = { 'Content-Security-Policy': "default-src 'none'; sandbox", 'X-Content-Type-Options': 'nosniff' }

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Content-Location, Location, Preference-Applied, X-Request-Id',
}

function answer(res: ServerResponse, status: number, body: Record<string, unknown>, requestId: string) {
  if (res.headersSent) return res.destroy()
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'X-Request-Id': requestId, 'Cache-Control': 'no-store' })
  res.end(JSON.stringify(body))
}

function preflight(res: ServerResponse) {
  res.writeHead(204, {
    ...CORS,
    'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': 'authorization, apikey, content-type, prefer, range, range-unit, accept, accept-profile, content-profile, x-client-info, x-supabase-api-version',
    'Access-Control-Max-Age': '86400',
  })
  res.end()
}

type ProjectRow = { id: number; ref: string; region: string; status: ProjectStatus; has_db: boolean; given: boolean; restriction_status: string | null; quota_note: string | null }

/** The query string without `apikey` (PostgREST would read it as a filter), as the client wrote it. */
function forwardedQuery(search: string): string {
  const kept = search.replace(/^\?/, '').split('&').filter((part) => part && !part.startsWith('apikey='))
  return kept.length ? `?${kept.join('&')}` : ''
}

export async function proxyDataApi(platform: Platform, req: IncomingMessage, res: ServerResponse, target: { ref: string; rest: string }, url: URL, requestId: string) {
  if (req.method === 'OPTIONS') return preflight(res)
  const [project] = await platform.db.query<ProjectRow>(
    `select p.id::int as id, p.ref, p.region, p.status, p.db_location is not null as has_db, coalesce((p.db_location->>'given')::boolean, false) as given, o.restriction_status, o.quota_note
     from projects p join organizations o on o.id = p.organization_id where p.ref = $1 and p.status <> 'REMOVED'`,
    [target.ref]
  )
  if (!project) return answer(res, 404, { message: 'Project not found' }, requestId)
  const header = req.headers.apikey
  const key = (typeof header === 'string' ? header : undefined) ?? url.searchParams.get('apikey') ?? undefined
  if (!key) return answer(res, 401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, requestId)
  const settings = await apiSettingsOf(platform, project.ref)
  if (!(await apiKeyRole(settings.jwtSecret, project.ref, key)))
    return answer(res, 401, { message: 'Invalid API key', hint: 'Double check your `anon` or `service_role` API key.' }, requestId)
  if (project.restriction_status === 'restricted') return answer(res, 402, { message: restrictedMessage(project.quota_note) }, requestId)
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'ACTIVE_UNHEALTHY') || !project.has_db)
    return answer(res, 409, { message: notServingMessage(project.status) }, requestId)
  if (project.given)
    return answer(res, 409, { message: GIVEN_DATABASE }, requestId)
  if (!settings.enabled) return answer(res, 404, { message: "This project's data API is turned off: turn it on in Project settings → API." }, requestId)

  let port: number
  try {
    port = (await dataApiProcesses(platform).get(project)).port
  } catch (error) {
    console.error(`[${requestId}] the data API of project ${project.ref} could not start:`, (error as Error).message)
    return answer(res, 503, { message: "The project's data API could not start. Try again in a moment." }, requestId)
  }

  const headers: Record<string, string> = {}
  for (const name of FORWARDED) {
    const value = req.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const authorization = req.headers.authorization
  headers.authorization = typeof authorization === 'string' && authorization ? authorization : `Bearer ${key}`
  const search = url.search

  await new Promise<void>((resolve) => {
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: `${target.rest}${forwardedQuery(search)}`, headers }, (answered) => {
      const out: Record<string, string | string[]> = { ...CORS, 'X-Request-Id': requestId }
      for (const [name, value] of Object.entries(answered.headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !DROPPED.has(name)) out[name] = value
      Object.assign(out, CONTAINED)
      res.writeHead(answered.statusCode ?? 502, out)
      answered.on('data', (chunk: Buffer) => countEgress(platform, project.id, chunk.byteLength))
      answered.pipe(res)
      answered.once('end', resolve)
      answered.once('error', () => {
        res.destroy()
        resolve()
      })
    })
    upstream.once('error', (error) => {
      console.error(`[${requestId}] data API of project ${project.ref}:`, error.message)
      answer(res, 503, { message: "The project's data API did not answer. Try again in a moment." }, requestId)
      resolve()
    })
    // A client that leaves stops the request upstream too.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy()
      resolve()
    })
    req.pipe(upstream)
  })
}

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
import type { Platform } from '../platform-type'
import { countEgress } from '../billing/egress'
import { logPublicRequest } from '../logs/public-request-logs'
import { dataApiProcesses } from './processes'
import { CORS, passGate, publicAnswer as answer, publicPreflight as preflight } from './gate'

const PATH = /^\/p\/([a-z0-9][a-z0-9_-]{0,62})\/rest\/v1(\/[^?]*)?$/

/** The project and the path below /rest/v1 of a data-API request path (without /api), or null. */
export function dataApiTarget(path: string): { ref: string; rest: string } | null {
  const match = PATH.exec(path)
  return match ? { ref: match[1], rest: match[2] || '/' } : null
}

/**
 * Connections to PostgREST are kept open between requests (a new one per request costs more than
 * the rest of the proxy), and closed after 5 s unused: well before PostgREST closes an idle one.
 */
const upstreamAgent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 5_000 })

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

/** The query string without `apikey` (PostgREST would read it as a filter), as the client wrote it. */
function forwardedQuery(search: string): string {
  const kept = search.replace(/^\?/, '').split('&').filter((part) => part && !part.startsWith('apikey='))
  return kept.length ? `?${kept.join('&')}` : ''
}

export async function proxyDataApi(platform: Platform, req: IncomingMessage, res: ServerResponse, target: { ref: string; rest: string }, url: URL, requestId: string) {
  if (req.method === 'OPTIONS') return preflight(res)
  const gate = await passGate(platform, target.ref, req, url)
  if (!gate.ok) return answer(res, gate.status, gate.body, requestId)
  const { project, settings, key } = gate
  let bytes = 0
  logPublicRequest(platform, { req, res, ref: project.ref, source: 'postgrest_logs', path: `/rest/v1${target.rest}`, requestId, keyRole: gate.keyRole, bytes: () => bytes })
  if (!settings.enabled) return answer(res, 404, { message: "This project's data API is turned off: turn it on in Project settings → API." }, requestId)

  // Held until the answer ends: the idle stop never ends a request (or a start) under way.
  const use = dataApiProcesses(platform).use(project)
  res.once('close', use.done)
  let port: number
  try {
    port = (await use.ready).port
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
    const upstream = http.request({ agent: upstreamAgent, host: '127.0.0.1', port, method: req.method, path: `${target.rest}${forwardedQuery(search)}`, headers }, (answered) => {
      const out: Record<string, string | string[]> = { ...CORS, 'X-Request-Id': requestId }
      for (const [name, value] of Object.entries(answered.headers)) if (value !== undefined && !HOP_BY_HOP.has(name) && !DROPPED.has(name)) out[name] = value
      Object.assign(out, CONTAINED)
      res.writeHead(answered.statusCode ?? 502, out)
      answered.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength
        countEgress(platform, project.id, chunk.byteLength)
      })
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

/**
 * A WebSocket handshake to `{site}/p/{ref}/{service}/v1…` (realtime's socket): the same host
 * guard, service lookup and gate as any request (this project's key, 402, 409), answered on the raw socket when
 * refused, as the HTTP answer a client reads before any WebSocket exists; else the service takes
 * the socket. The servers of the platform hand every `upgrade` event here (server/standalone.ts,
 * scripts/serve.mjs).
 */
import type { IncomingMessage } from 'node:http'
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import { randomUUID } from 'node:crypto'
import type { Platform } from '../kernel/platform'
import { CORS } from './answers'
import { passGate } from './gate'
import { serviceNamed } from './services'
import { projectTarget } from './target'
import { assertAllowedHost } from '../http/guards'
import { isPlatformError } from '../kernel/errors'

/** Writes an HTTP answer on a socket no server answers anymore, and closes it. */
export function refuseUpgrade(socket: Duplex, status: number, body: Record<string, unknown>, requestId: string): void {
  if (socket.destroyed) return
  const text = JSON.stringify(body)
  const headers = { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(text)), 'X-Request-Id': requestId, Connection: 'close' }
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n')
  socket.end(`${head}\r\n\r\n${text}`)
}

export async function handleProjectUpgrade(platform: Platform, req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
  const requestId = randomUUID()
  // A client gone mid-handshake: its socket's error is not the platform's.
  socket.on('error', () => socket.destroy())
  let url: URL
  try {
    url = new URL(req.url ?? '/', 'http://localhost')
  } catch {
    return refuseUpgrade(socket, 400, { message: 'The request target is not a path.' }, requestId)
  }
  // The guard every request passes first (server/http/handler.ts): a page on another name that
  // resolves to this server (DNS rebinding) is refused here too.
  try {
    assertAllowedHost(req, platform.config.allowedHosts)
  } catch (error) {
    if (isPlatformError(error)) return refuseUpgrade(socket, error.status, { message: error.message }, requestId)
    throw error
  }
  const target = (req.url ?? '').startsWith('/') ? projectTarget(url.pathname) : null
  const service = target ? serviceNamed(platform, target.service) : undefined
  if (!target || !service?.upgrade) return refuseUpgrade(socket, 404, { message: 'Nothing here takes a WebSocket.' }, requestId)
  try {
    const gate = await passGate(platform, service, target.ref, target.rest, req, url)
    if (!gate.ok) return refuseUpgrade(socket, gate.status, gate.body, requestId)
    const { ok: _ok, ...passed } = gate
    service.upgrade({ req, socket, head, url, rest: target.rest, requestId, gate: passed })
  } catch (error) {
    console.error(`[${requestId}] the ${service.name} service failed a WebSocket handshake:`, error)
    refuseUpgrade(socket, 503, { message: 'The service could not take the connection; try again in a moment.' }, requestId)
  }
}

/** For a server: every `upgrade` event, whatever its path. */
export function upgradeHandler(platform: Promise<Platform>) {
  return (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    platform.then(
      (p) => handleProjectUpgrade(p, req, socket, head),
      () => refuseUpgrade(socket, 503, { message: 'The platform is starting; try again in a moment.' }, randomUUID())
    )
  }
}

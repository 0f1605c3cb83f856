/** The platform on a plain node HTTP server: used by the API tests and benchmarks. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { handleNodeRequest } from './http/handler'
import type { Platform } from './kernel/platform'
import { upgradeHandler } from './gateway/upgrade'

/** Listens on `host` (this machine only unless a test asks for another interface). */
export async function serve(platform: Platform, port = 0, host = '127.0.0.1'): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => void handleNodeRequest(req, res, Promise.resolve(platform)))
  // A project's WebSocket services (realtime).
  server.on('upgrade', upgradeHandler(Promise.resolve(platform)))
  // As scripts/serve.mjs: 10 s for a request's headers; each body has its own deadline.
  server.headersTimeout = 10_000
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const { port: actual } = server.address() as AddressInfo
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actual}`,
    close: () =>
      new Promise<void>((resolve) => {
        // Open WebSockets would hold the server open: they end with it.
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
